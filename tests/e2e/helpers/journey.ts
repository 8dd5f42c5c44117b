// Steps of the traveller's journey in the browser, written once for both languages: every label is
// read from the site's own message files, so the same steps drive the English and the Arabic site.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import type { PublicMessages } from '../../../shared/i18n/public/en.ts';
import { makePng } from './png.ts';

/** Fills {name} placeholders the way the site does. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export async function chooseCity(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function searchTrips(page: Page, m: PublicMessages, from: string, to: string, date: string) {
  await chooseCity(page, m.search.origin, from.slice(0, 3), from);
  await chooseCity(page, m.search.destination, to.slice(0, 3), to);
  await page.getByLabel(m.search.date).fill(date);
  await page.getByRole('button', { name: m.search.submit, exact: true }).click();
  await page.getByRole('heading', { name: m.search.resultsTitle }).waitFor();
}

/** The payment proof's file input (the gallery's on a phone): it is hidden inside a button-like label. */
export function proofInput(scope: Page | Locator, m: PublicMessages) {
  return scope.getByLabel(m.proof.label).and(scope.locator('input[type=file]'));
}

/** Attaches a payment screenshot to the filled passenger form and continues: answers the confirmation. */
export async function attachProofAndConfirm(page: Page, m: PublicMessages): Promise<Locator> {
  await proofInput(page, m).setInputFiles({
    name: 'payment.png',
    mimeType: 'image/png',
    buffer: makePng(320, 480),
  });
  await page.getByText(/payment\.png/).waitFor();
  await page.getByRole('button', { name: m.common.continue }).click();
  const dialog = page.getByRole('dialog', { name: m.confirm.title });
  await dialog.waitFor();
  return dialog;
}

export function seatButton(
  page: Page,
  m: PublicMessages,
  seat: number,
  state: 'available' | 'booked' | 'selected',
) {
  return page.getByRole('button', {
    name: fill(m.seats.seatLabel, { seat, state: m.seats[state] }),
    exact: true,
  });
}

export async function fillPassenger(
  page: Page,
  m: PublicMessages,
  passenger: { firstName: string; lastName: string; phone: string },
) {
  await page.getByLabel(m.passenger.firstName).fill(passenger.firstName);
  await page.getByLabel(m.passenger.lastName).fill(passenger.lastName);
  await page.getByLabel(m.passenger.phone, { exact: true }).fill(passenger.phone);
}

/** Saves a download and returns the text pdftotext reads from it. */
export async function pdfText(download: Download): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rihla-ticket-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  try {
    const head = (await fs.readFile(file)).subarray(0, 5).toString('latin1');
    if (head !== '%PDF-') throw new Error(`not a PDF: ${head}`);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Cancels through the page; `typeDigits` lets a test type the digits as an Arabic keyboard does. */
export async function cancelBooking(
  page: Page,
  m: PublicMessages,
  ticketId: string,
  phone: string,
  typeDigits = (digits: string) => digits,
) {
  await page.goto('/cancel-reservation');
  await page.getByLabel(m.cancel.ticketId).fill(typeDigits(ticketId));
  await page.getByLabel(m.cancel.phone, { exact: true }).fill(typeDigits(phone));
  await page.getByRole('button', { name: m.cancel.submit }).click();
  const dialog = page.getByRole('dialog', { name: m.cancel.resultsTitle });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: m.cancel.cancelButton }).click();
  await dialog.getByText(m.cancel.confirmQuestion).waitFor();
  await dialog.getByRole('button', { name: m.cancel.confirmYes }).click();
  await page.getByText(fill(m.cancel.success, { id: ticketId })).waitFor();
}

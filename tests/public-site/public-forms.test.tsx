// The lost-item and enquiry forms: required fields are marked, and a send with some left blank marks each
// of them (its message, aria-invalid) and moves focus to the first. The contact and privacy pages promise
// the operator's details only when the server has some (OPERATOR_* set).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { content as arText } from '../../shared/i18n/public/content.ar.ts';
import { content as text } from '../../shared/i18n/public/content.en.ts';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import { khartoumTime } from '../../public-site/lib/payment.ts';
import { boardingTimeOfClock } from '../../shared/rules.ts';
import ContactUs from '../../public-site/pages/ContactUs.tsx';
import LostItemReport from '../../public-site/pages/LostItemReport.tsx';
import PrivacyPolicy from '../../public-site/pages/PrivacyPolicy.tsx';
import PublicEnquiries from '../../public-site/pages/PublicEnquiries.tsx';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import { answerFetch, renderAt, SETTINGS } from './helpers.tsx';

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const invalid = () =>
  [...document.querySelectorAll('[aria-invalid="true"]')].map((el) =>
    el.closest('.field')!.querySelector('label')!.firstChild!.textContent!.trim(),
  );

beforeEach(() => {
  localStorage.clear();
  forgetSettings();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('lost-item and enquiry forms', () => {
  it('marks the required fields, and on an empty send each one and focuses the first', async () => {
    const calls = answerFetch({
      '/api/lostItems/createLostItem': { status: 201, body: {} },
      // An admin added a dawn boarding time (Settings): the form offers it, worded like the spec's two.
      '/api/settings': { body: { ...SETTINGS, boardingTimes: ['5:30 am', '9:00 am', '7:00 pm'] } },
    });
    renderAt('/lost-item-report', <LostItemReport />);
    await screen.findByRole('option', { name: '5:30 am' });
    await screen.findByRole('heading', { name: text.lostItem.title });
    const { fields } = text.lostItem;
    expect(field(fields.first_name).closest('.field')!.textContent).toContain(m.forms.requiredMark);
    expect(field(fields.brand).closest('.field')!.textContent).not.toContain(m.forms.requiredMark);
    expect(invalid()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: m.forms.submit }));
    expect(screen.getByRole('alert').textContent).toBe(m.forms.missing);
    const required = [
      'first_name',
      'last_name',
      'phone',
      'date_of_loss',
      'item_type',
      'colour',
      'description',
    ];
    expect(invalid()).toEqual(required.map((name) => fields[name as keyof typeof fields]));
    const first = field(fields.first_name);
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe(
      m.forms.required,
    );
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(calls.filter((call) => call.url.pathname.includes('createLostItem'))).toHaveLength(0);

    // Filling a field clears its mark; the next send focuses the first one still blank.
    fireEvent.input(first, { target: { value: 'Hassan' } });
    fireEvent.input(field(fields.last_name), { target: { value: 'Ali' } });
    expect(invalid()[0]).toBe(fields.phone);
    fireEvent.click(screen.getByRole('button', { name: m.forms.submit }));
    await waitFor(() => expect(document.activeElement).toBe(field(fields.phone)));
  });

  it('does the same on the enquiry form, and focuses a field whose value is wrong', async () => {
    answerFetch({ '/api/enquiries/createEnquiry': { status: 201, body: {} } });
    renderAt('/public-enquiries', <PublicEnquiries />);
    await screen.findByRole('heading', { name: text.enquiry.title });
    fireEvent.click(screen.getByRole('button', { name: m.forms.submit }));
    const { fields } = text.enquiry;
    expect(invalid()).toEqual([fields.first_name, fields.last_name, fields.phone, fields.message]);
    await waitFor(() => expect(document.activeElement).toBe(field(fields.first_name)));

    fireEvent.input(field(fields.first_name), { target: { value: 'Amna' } });
    fireEvent.input(field(fields.last_name), { target: { value: 'Osman' } });
    fireEvent.input(field(fields.phone), { target: { value: '0912' } });
    fireEvent.input(field(fields.message), { target: { value: 'When does the Nyala bus leave?' } });
    fireEvent.click(screen.getByRole('button', { name: m.forms.submit }));
    expect(screen.getByRole('alert').textContent).toBe(m.forms.invalid);
    expect(invalid()).toEqual([fields.phone]);
    await waitFor(() => expect(document.activeElement).toBe(field(fields.phone)));
  });
});

describe('a form the server could not take because too many arrive', () => {
  const inForty = () => new Date(Date.now() + 40 * 60_000).toISOString();
  const busy = (until: string) => ({
    status: 429,
    body: { message: 'Many messages are arriving right now.', code: 'FORMS_BUSY', until },
  });
  /** Fills the enquiry form and sends it; answers the values left in the form. */
  async function sendEnquiry(labels: Record<string, string>, submit: string) {
    const values = { first_name: 'Amna', last_name: 'Osman', phone: '0912345678', message: 'Lost my scarf' };
    for (const [name, value] of Object.entries(values))
      fireEvent.input(field(labels[name]), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    const alert = await screen.findByRole('alert');
    return { alert, kept: Object.keys(values).map((name) => field(labels[name]).value) };
  }

  it('says when to send it again and the operator’s phone, and keeps what was typed (English)', async () => {
    const until = inForty();
    answerFetch({ '/api/enquiries/createEnquiry': busy(until), '/api/settings': { body: SETTINGS } });
    renderAt('/public-enquiries', <PublicEnquiries />);
    await screen.findByRole('heading', { name: text.enquiry.title });
    const { alert, kept } = await sendEnquiry(text.enquiry.fields, m.forms.submit);
    const [before, after] = m.forms.busy.split('{time}');
    await waitFor(() => expect(alert.textContent).toContain(SETTINGS.operator.phone));
    expect(alert.textContent).toContain(before);
    expect(alert.textContent).toContain(after);
    // Khartoum's clock, 12-hour: "4:30 pm".
    expect(alert.textContent).toContain(boardingTimeOfClock(khartoumTime(until, Date.now()).time));
    expect(alert.textContent).toContain(m.forms.callUs.split('{phone}')[0]);
    const call = screen.getByRole('link', { name: SETTINGS.operator.phone });
    expect(call.getAttribute('href')).toBe(`tel:${SETTINGS.operator.phone}`);
    expect(call.getAttribute('dir')).toBe('ltr');
    expect(kept).toEqual(['Amna', 'Osman', '0912345678', 'Lost my scarf']);
  });

  it('says a phone’s limit in Arabic, its count and time isolated left to right', async () => {
    const until = new Date(Date.now() + 20 * 3_600_000).toISOString();
    answerFetch({
      '/api/enquiries/createEnquiry': {
        status: 429,
        body: {
          message: 'This phone number has sent 5 messages.',
          code: 'FORMS_PHONE_LIMIT',
          until,
          limit: 5,
        },
      },
      '/api/settings': { body: SETTINGS },
    });
    renderAt('/public-enquiries', <PublicEnquiries />, { lang: 'ar', messages: ar });
    await screen.findByRole('heading', { name: arText.enquiry.title });
    const { alert } = await sendEnquiry(arText.enquiry.fields, ar.forms.submit);
    await waitFor(() => expect(alert.textContent).toContain(SETTINGS.operator.phone));
    expect(alert.textContent).toContain(ar.forms.phoneLimit.split('{count}')[0]);
    expect(alert.textContent).toContain(ar.forms.callUs.split('{phone}')[0]);
    const isolated = [...alert.querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent);
    expect(isolated).toContain('5');
    // The digits of Khartoum's 12-hour clock isolated, its period word («صباحًا», «مساءً») read after them.
    const [digits, period] = boardingTimeOfClock(khartoumTime(until, Date.now()).time).split(' ');
    expect(isolated).toContain(digits);
    expect(alert.textContent).toContain(`${digits}${period === 'am' ? ' صباحًا' : ' مساءً'}`);
    expect(alert.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('what a traveller types runs in its own direction on an Arabic page; phones left to right', async () => {
    answerFetch({ '/api/settings': { body: SETTINGS } });
    renderAt('/public-enquiries', <PublicEnquiries />, { lang: 'ar', messages: ar });
    await screen.findByRole('heading', { name: arText.enquiry.title });
    const fields = arText.enquiry.fields;
    expect(field(fields.message).getAttribute('dir')).toBe('auto');
    expect(field(fields.first_name).getAttribute('dir')).toBe('auto');
    expect(field(fields.phone).getAttribute('dir')).toBe('ltr');
  });

  it('names no phone when the operator publishes none; a connection’s own limit keeps its words', async () => {
    const none = { ...SETTINGS, operator: { phone: '', email: '', address: '' } };
    let answer = busy(inForty()) as { status: number; body: object };
    answerFetch({ '/api/enquiries/createEnquiry': () => answer, '/api/settings': { body: none } });
    renderAt('/public-enquiries', <PublicEnquiries />);
    await screen.findByRole('heading', { name: text.enquiry.title });
    const { alert } = await sendEnquiry(text.enquiry.fields, m.forms.submit);
    expect(alert.textContent).toContain(m.forms.busy.split('{time}')[0]);
    expect(alert.textContent).not.toContain(m.forms.callUs.split('{phone}')[0]);
    expect(alert.querySelector('a[href^="tel:"]')).toBeNull();

    answer = { status: 429, body: { message: 'Too many requests.', code: 'RATE_LIMITED' } };
    fireEvent.click(screen.getByRole('button', { name: m.forms.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(m.common.tooManyRequests));
  });
});

describe('contact details promised only when there are some', () => {
  const none = { ...SETTINGS, operator: { phone: '', email: '', address: '' } };

  it('says "call or write" on the contact page only with the operator details', async () => {
    answerFetch({ '/api/settings': { body: none } });
    renderAt('/contact-us', <ContactUs />);
    await screen.findByText(text.contact.customerService.noDetails);
    expect(screen.queryByText(text.contact.customerService.text)).toBeNull();
    expect(screen.queryByText(text.contactDetails.phone)).toBeNull();
    cleanup();
    forgetSettings();

    answerFetch({ '/api/settings': { body: SETTINGS } });
    renderAt('/contact-us', <ContactUs />);
    await screen.findByText(text.contact.customerService.text);
    expect(screen.queryByText(text.contact.customerService.noDetails)).toBeNull();
    expect(screen.getByRole('link', { name: SETTINGS.operator.phone })).toBeTruthy();
  });

  it('says "with the details below" in the privacy policy only when they are there', async () => {
    answerFetch({ '/api/settings': { body: none } });
    renderAt('/privacy-policy', <PrivacyPolicy />);
    const link = await screen.findByRole('link', { name: text.privacy.ask.form });
    expect(link.getAttribute('href')).toBe('/public-enquiries');
    expect(screen.queryByText(text.privacy.ask.withDetails)).toBeNull();
    cleanup();
    forgetSettings();

    answerFetch({ '/api/settings': { body: SETTINGS } });
    renderAt('/privacy-policy', <PrivacyPolicy />);
    await screen.findByText(text.privacy.ask.withDetails);
    expect(screen.queryByRole('link', { name: text.privacy.ask.form })).toBeNull();
    expect(screen.getByRole('link', { name: SETTINGS.operator.email })).toBeTruthy();
  });
});

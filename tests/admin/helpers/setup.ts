// Every back-office component test: a prop that reaches a DOM element React does not know (MUI 5's InputProps
// on MUI 9, a react-admin option spread onto a <div>) fails the test that rendered it, instead of printing a
// warning nobody reads. The screens' data arrives a little later on a busy machine: queries wait 5 s.
import { format } from 'node:util';
import { configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

configure({ asyncUtilTimeout: 5000 });

const UNKNOWN_PROP = /React does not recognize the `(\w+)` prop on a DOM element/;
let unknownProps: string[] = [];
const consoleError = console.error;

beforeEach(() => {
  unknownProps = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const found = UNKNOWN_PROP.exec(format(...args));
    if (found) unknownProps.push(found[1]);
    consoleError(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(unknownProps, 'props React passed on to DOM elements').toEqual([]);
});

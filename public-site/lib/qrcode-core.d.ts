// qrcode's encoder alone (lib/core/qrcode.js), without its canvas and string renderers: My tickets draws the
// modules as SVG itself. @types/qrcode types only the package's entry.
declare module 'qrcode/lib/core/qrcode.js' {
  export function create(
    data: { data: string; mode: 'byte' }[],
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'; maskPattern?: number },
  ): { modules: { size: number; get(row: number, col: number): number | boolean } };
}

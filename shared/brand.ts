// Rihla's colours, defined once: the back-office's theme (admin/frame/theme.ts), the public site's CSS
// variables (public-site/styles.css, held to these values by tests/admin/brand.test.ts) and the ticket
// (server/tickets/ticket-pdf.ts) read them. Every text colour here is at least 4.5:1 on white and on `page`.
export const BRAND = {
  /** The brand green of the ticket, the app bar and the public site's header. */
  primary: '#0b6e4f',
  primaryDark: '#08523b',
  /** A pale green behind brand-coloured text (notices, the ticket's bands). */
  tint: '#e8f3ee',
  /** Warm accent (links on dark, highlights). */
  accent: '#b3541e',
  /** Amber that white text can sit on (a warning button, a "to check" chip): 5.0:1. */
  warning: '#a4510b',
  danger: '#a4262c',
  success: '#1d6b35',
  ink: '#1b232b',
  muted: '#4d5965',
  line: '#c9d2da',
  page: '#f3f6f8',
  surface: '#ffffff',
} as const;

export type BrandColour = keyof typeof BRAND;

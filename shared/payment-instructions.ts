// Where a traveller pays (issue 24): the trip's company's own account when it has one, otherwise the
// operator's of Settings. Pure: the server answers it with a trip and prints it on the ticket, the public
// site shows it after booking.
import { isAccountNumber, MAX_WALLETS } from './settings.ts';

export interface Wallet {
  name: string;
  number: string;
}

export interface PaymentInstructions {
  bankakAccount: string;
  accountName: string;
  wallets: Wallet[];
  /** Whose account it is: the trip's company's, or the operator's. */
  source: 'company' | 'operator';
}

/** The columns a company keeps its account in (shared/registry companies). */
export interface CompanyAccount {
  company_bankak_account?: string | null;
  company_account_name?: string | null;
  company_wallets?: string | null;
}

/** Only the account columns of a company's document (what a message row carries). */
export function companyAccountOf(company: CompanyAccount | null | undefined): CompanyAccount {
  return {
    company_bankak_account: company?.company_bankak_account ?? null,
    company_account_name: company?.company_account_name ?? null,
    company_wallets: company?.company_wallets ?? null,
  };
}

/** Whether a company's travellers pay into an account of its own (else into the operator's). */
export const hasOwnAccount = (company: CompanyAccount | null | undefined) =>
  paymentInstructionsFor(company, { bankakAccount: '', accountName: '', wallets: [] }).source === 'company';

/** What a refused company account is told (the back-office says them in Arabic too: rihla.validation). */
export const COMPANY_ACCOUNT_MESSAGES = {
  bankak: 'The Bankak account number must be 4 to 20 digits.',
  wallets:
    'Write the wallets as name:number, separated by commas (at most 6; each number 4 to 20 digits), e.g. Zain Cash:0912345678.',
};

/** Wallets written as `Zain Cash:0912345678,MTN:0998765432` (as PAYMENT_WALLETS is). */
export function parseWallets(text: string | null | undefined): Wallet[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.split(':').map((part) => part.trim()))
    .filter(([name, number]) => name && number)
    .map(([name, number]) => ({ name, number }));
}

/** Why a company's account is refused, or undefined when it is well formed (blank is well formed: unset). */
export function companyAccountProblem(account: CompanyAccount): 'bankak' | 'wallets' | undefined {
  const bankak = account.company_bankak_account?.trim();
  if (bankak && !isAccountNumber(bankak)) return 'bankak';
  const text = account.company_wallets?.trim();
  if (!text) return undefined;
  const entries = text.split(',').filter((entry) => entry.trim());
  const wallets = parseWallets(text);
  if (wallets.length !== entries.length || wallets.length > MAX_WALLETS) return 'wallets';
  if (wallets.some((wallet) => wallet.name.length > 40 || !isAccountNumber(wallet.number))) return 'wallets';
  return undefined;
}

/** The company's instructions when it set an account (a Bankak account or a wallet), else the operator's. */
export function paymentInstructionsFor(
  company: CompanyAccount | null | undefined,
  operator: { bankakAccount: string; accountName: string; wallets: Wallet[] },
): PaymentInstructions {
  const bankakAccount = company?.company_bankak_account?.trim() ?? '';
  const wallets = parseWallets(company?.company_wallets);
  if (bankakAccount || wallets.length)
    return {
      bankakAccount,
      accountName: company?.company_account_name?.trim() ?? '',
      wallets,
      source: 'company',
    };
  return { ...operator, wallets: [...operator.wallets], source: 'operator' };
}

/**
 * Where to pay in a few words for a text message: "Bankak 1234567" / «بنكك 1234567», or the first wallet when
 * there is no Bankak account; undefined when nothing is set. The name on the account stays for the ticket and
 * the look-up (a text message pays for every character).
 */
export function payToWords(
  instructions: Pick<PaymentInstructions, 'bankakAccount' | 'wallets'>,
  lang: 'en' | 'ar',
): string | undefined {
  const bankak = instructions.bankakAccount.trim();
  if (bankak) return `${lang === 'ar' ? 'بنكك' : 'Bankak'} ${bankak}`;
  const wallet = instructions.wallets[0];
  return wallet ? `${wallet.name} ${wallet.number}` : undefined;
}

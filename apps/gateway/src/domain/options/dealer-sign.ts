/**
 * Whose side dealers are on [gateway convention, notes §9.1]: `dealer_long_call_short_put` (default:
 * customers buy puts and sell calls), `dealer_short_all` (dealers short every option) or `unsigned`.
 */
export const SIGN_CONVENTIONS = ['dealer_long_call_short_put', 'dealer_short_all', 'unsigned'] as const;
export type SignConvention = (typeof SIGN_CONVENTIONS)[number];

export function dealerSign(convention: SignConvention, isCall: boolean): number {
  if (convention === 'dealer_short_all') return -1;
  if (convention === 'unsigned') return 1;
  return isCall ? 1 : -1;
}

import type { Venue } from './funding.js';

/**
 * The cross-venue symbol map (notes sentiment.md S11): USDT-margined perpetuals on the exchanges, plain coin
 * names on Hyperliquid, the inverse perpetual for BTC and ETH on Deribit and the USDC-linear one for others.
 * Memecoins quoted per 1000 (`1000PEPEUSDT`, `kPEPE`) are aliased here, never converted by price arithmetic.
 */
const THOUSANDS = new Set(['PEPE', 'SHIB', 'BONK', 'FLOKI']);
const DERIBIT_PERPETUALS = new Set(['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'AVAX', 'LINK', 'ADA', 'DOT', 'LTC']);

export function venueSymbol(venue: Venue, asset: string): string | null {
  const thousand = THOUSANDS.has(asset);
  switch (venue) {
    case 'binance':
    case 'bybit':
      return `${thousand ? '1000' : ''}${asset}USDT`;
    case 'okx':
      return `${asset}-USDT-SWAP`;
    case 'hyperliquid':
      return `${thousand ? 'k' : ''}${asset}`;
    case 'deribit':
      if (!DERIBIT_PERPETUALS.has(asset)) return null;
      return asset === 'BTC' || asset === 'ETH' ? `${asset}-PERPETUAL` : `${asset}_USDC-PERPETUAL`;
  }
}

/** The asset a venue symbol stands for, or null when it is not a USDT perpetual of the map. */
export function assetOfSymbol(venue: Venue, symbol: string): string | null {
  switch (venue) {
    case 'binance':
    case 'bybit': {
      if (!symbol.endsWith('USDT')) return null;
      const base = symbol.slice(0, -4);
      return base.startsWith('1000') && THOUSANDS.has(base.slice(4)) ? base.slice(4) : base;
    }
    case 'okx':
      return symbol.endsWith('-USDT-SWAP') ? symbol.slice(0, -10) : null;
    case 'hyperliquid':
      return symbol.startsWith('k') && THOUSANDS.has(symbol.slice(1)) ? symbol.slice(1) : symbol;
    case 'deribit':
      return /^([A-Z]+)(?:-PERPETUAL|_USDC-PERPETUAL)$/.exec(symbol)?.[1] ?? null;
  }
}

/** Asset tickers as callers write them: upper-case letters and digits. */
export const ASSET_PATTERN = '^[A-Z0-9]{2,10}$';

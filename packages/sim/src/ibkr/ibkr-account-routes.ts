import type { FastifyInstance } from 'fastify';
import type { ExchangeCore } from '../exchange/exchange-core.js';
import { API_PREFIX } from './ibkr-auth.js';
import { stockByConid } from './ibkr-contracts.js';
import { accountsFirst, ibkrError, noBridge } from './ibkr-errors.js';
import type { BrokerageSession } from './ibkr-session.js';

export interface AccountScope {
  account: string;
  isPaper: boolean;
  username: string;
  serverName: string;
  session: BrokerageSession;
  core: ExchangeCore;
  now: () => number;
  marketSeed: number;
}

const field = (amount: number, now: number, value: string | null = null) => ({
  amount,
  currency: value === null ? 'USD' : null,
  isNull: false,
  timestamp: now,
  value,
  severity: 0,
});

/** Session routes (§3.7) and the account / portfolio reads (§5.2) of the simulated IBKR. */
export function registerAccountRoutes(app: FastifyInstance, scope: AccountScope) {
  const { session, core, account, now } = scope;
  const p = API_PREFIX;
  // Every /iserver call but the session's own needs the bridge; snapshots and orders need /accounts first.
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith(`${p}/iserver/`) || path.startsWith(`${p}/iserver/auth/`)) return;
    if (path === `${p}/iserver/accounts` || path.startsWith(`${p}/iserver/questions`)) return;
    if (!session.alive()) return noBridge(reply);
    session.touch();
    const needsAccounts =
      path.includes('/marketdata/snapshot') || path.includes('/account') || path.includes('/reply/');
    if (needsAccounts && !session.accountsRead) return accountsFirst(reply);
  });
  app.post(`${p}/iserver/auth/ssodh/init`, async () => {
    session.open();
    return { ...session.authStatus(scope.serverName), established: true };
  });
  app.post(`${p}/iserver/auth/status`, async () => session.authStatus(scope.serverName));
  const tickle = async () => {
    const alive = session.alive();
    if (alive) session.touch();
    return {
      session: session.cookie,
      ssoExpires: 460311,
      collission: session.competing,
      userId: 123456789,
      hmds: { error: 'no bridge' },
      iserver: { authStatus: session.authStatus(scope.serverName) },
    };
  };
  app.post(`${p}/tickle`, tickle);
  app.get(`${p}/tickle`, tickle);
  app.get(`${p}/sso/validate`, async () => ({
    RESULT: true,
    USER_NAME: scope.username,
    USER_ID: 1,
    LOGIN_TYPE: scope.isPaper ? 2 : 1,
    expire: 3_600_000,
    AUTH_TIME: now(),
  }));
  app.post(`${p}/logout`, async () => {
    session.close();
    return { confirmed: true };
  });
  app.get(`${p}/iserver/accounts`, async (_request, reply) => {
    if (!session.alive()) return noBridge(reply);
    session.touch();
    session.accountsRead = true;
    return {
      accounts: [account],
      acctProps: {
        [account]: {
          hasChildAccounts: false,
          supportsCashQty: true,
          supportsFractions: false,
          allowCustomerTime: false,
        },
      },
      aliases: { [account]: account },
      allowFeatures: { snapshotRefreshTimeout: 30, allowedAssetTypes: 'STK' },
      chartPeriods: { STK: ['*'] },
      groups: [],
      profiles: [],
      selectedAccount: account,
      serverInfo: { serverName: scope.serverName, serverVersion: 'Build 10.25.0p' },
      sessionId: session.cookie.slice(0, 8),
      isPaper: scope.isPaper,
      isFT: false,
    };
  });
  app.post(`${p}/iserver/questions/suppress`, async (request, reply) => {
    if (!session.alive()) return noBridge(reply);
    const ids = (request.body as { messageIds?: unknown })?.messageIds;
    if (!Array.isArray(ids) || ids.length > 51)
      return ibkrError(reply, 400, 'messageIds must be a list of up to 51 ids');
    for (const id of ids) session.suppressed.add(String(id));
    return { status: 'submitted' };
  });
  app.post(`${p}/iserver/questions/suppress/reset`, async () => {
    session.suppressed.clear();
    return { status: 'submitted' };
  });
  app.get(`${p}/portfolio/accounts`, async () => [
    {
      id: account,
      accountId: account,
      accountTitle: scope.username,
      currency: 'USD',
      type: scope.isPaper ? 'DEMO' : 'INDIVIDUAL',
      tradingType: 'STKNOPT',
    },
  ]);
  const own = (id: string) => id === account;
  app.get(`${p}/portfolio/:acct/summary`, async (request, reply) => {
    if (!own((request.params as { acct: string }).acct)) return ibkrError(reply, 400, 'Invalid account');
    const s = core.summary(account, 'USD');
    const gross = core.positions(account).reduce((sum, position) => sum + Math.abs(position.value), 0);
    const at = now();
    return {
      accountcode: field(0, at, account),
      netliquidation: field(s.equity, at),
      totalcashvalue: field(s.balance, at),
      equitywithloanvalue: field(s.equity, at),
      grosspositionvalue: field(gross, at),
      initmarginreq: field(s.initialMargin, at),
      maintmarginreq: field(s.maintenanceMargin, at),
      availablefunds: field(s.availableFunds, at),
      excessliquidity: field(s.equity - s.maintenanceMargin, at),
      buyingpower: field(s.availableFunds * 4, at),
      leverage: field(s.equity > 0 ? gross / s.equity : 0, at),
    };
  });
  app.get(`${p}/portfolio/:acct/ledger`, async (request, reply) => {
    if (!own((request.params as { acct: string }).acct)) return ibkrError(reply, 400, 'Invalid account');
    const s = core.summary(account, 'USD');
    const stock = core
      .positions(account)
      .reduce((sum, position) => sum + position.value * Math.sign(position.size), 0);
    const realised = core.positions(account).reduce((sum, position) => sum + position.realisedPnl, 0);
    const row = (currency: string) => ({
      currency,
      cashbalance: s.balance,
      settledcash: s.balance,
      netliquidationvalue: s.equity,
      stockmarketvalue: stock,
      unrealizedpnl: s.unrealisedPnl,
      realizedpnl: realised,
      exchangerate: 1,
      acctcode: account,
      key: 'LedgerList',
      timestamp: Math.floor(now() / 1000),
      severity: 0,
    });
    return { USD: row('USD'), BASE: row('BASE') };
  });
  const PAGE = 100;
  app.get(`${p}/portfolio/:acct/positions/:page`, async (request, reply) => {
    const { acct, page } = request.params as { acct: string; page: string };
    if (!own(acct)) return ibkrError(reply, 400, 'Invalid account');
    const rows = core
      .positions(account)
      .filter((position) => position.size !== 0)
      .map((position) => {
        const stock = stockByConid(Number(position.symbol))!;
        return {
          acctId: account,
          conid: stock.conid,
          contractDesc: stock.symbol,
          ticker: stock.symbol,
          assetClass: 'STK',
          position: position.size,
          mktPrice: position.markPrice,
          mktValue: position.size * position.markPrice,
          currency: 'USD',
          avgCost: position.entryPrice,
          avgPrice: position.entryPrice,
          realizedPnl: position.realisedPnl,
          unrealizedPnl: position.unrealisedPnl,
          listingExchange: stock.listingExchange,
          multiplier: 0,
          undConid: 0,
          pageSize: PAGE,
        };
      });
    const start = Number(page) * PAGE;
    return rows.slice(start, start + PAGE);
  });
  app.post(`${p}/portfolio/:acct/positions/invalidate`, async () => ({ message: 'success' }));
}

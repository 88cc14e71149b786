import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { num } from './order-rows.js';

const Money = Type.Union([Type.Number(), Type.Null()]);
const KEYS = {
  net_liquidation: 'netliquidation',
  total_cash: 'totalcashvalue',
  buying_power: 'buyingpower',
  available_funds: 'availablefunds',
  excess_liquidity: 'excessliquidity',
  equity_with_loan: 'equitywithloanvalue',
  gross_position_value: 'grosspositionvalue',
  initial_margin: 'initmarginreq',
  maintenance_margin: 'maintmarginreq',
} as const;

export const getAccount = brokerTool({
  name: 'get_account',
  title: 'Account',
  summary: 'Account id, paper or live, balances and margin from the portfolio summary and ledger',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      account_id: Type.String(),
      is_paper: Type.Boolean(),
      currency: Type.String(),
      ...Object.fromEntries(Object.keys(KEYS).map((key) => [key, Money])),
      leverage: Type.Union([Type.Number(), Type.Null()]),
      unrealized_pnl: Money,
      realized_pnl: Money,
    },
    {
      examples: [
        {
          account_id: 'DU1234567',
          is_paper: true,
          currency: 'USD',
          net_liquidation: 1034222.25,
          total_cash: 985376.94,
          buying_power: 4137000,
          available_funds: 1000000,
          excess_liquidity: 1020000,
          equity_with_loan: 1034222.25,
          gross_position_value: 45444,
          initial_margin: 11361,
          maintenance_margin: 4544.4,
          leverage: 0.04,
          unrealized_pnl: 1701,
          realized_pnl: 0,
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { clients } = context;
    const [accounts, summary, ledger] = await Promise.all([
      clients.broker.accounts(context),
      clients.broker.summary(context),
      clients.broker.ledger(context),
    ]);
    const amount = (key: string) => num(summary.data[key]?.amount);
    const base = ledger.data.BASE ?? ledger.data.USD ?? {};
    const net = amount('netliquidation');
    const gross = amount('grosspositionvalue');
    return {
      data: {
        account_id: accounts.selectedAccount,
        is_paper: accounts.isPaper,
        currency: 'USD',
        ...Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, amount(key)])),
        leverage: net && gross !== null ? gross / net : null,
        unrealized_pnl: num(base.unrealizedpnl),
        realized_pnl: num(base.realizedpnl),
      },
      obtainedAt: Math.min(summary.receivedAt, ledger.receivedAt),
    };
  },
});

import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { Environment } from '../../upstream/upstream-types.js';
import type { Fetched, VenueCall } from '../venue-call.js';
import {
  type AccountState,
  type OpenOrder,
  readClearinghouse,
  readFees,
  readFills,
  readOpenOrders,
  readOrderStatus,
  type UserFill,
} from './hyperliquid-account-transforms.js';
import { readExchange } from './hyperliquid-exchange-answers.js';
import { orderStatusRequest, userRequest } from './hyperliquid-requests.js';
import { HyperliquidSigner } from './hyperliquid-signer.js';

/** The account side of one environment: reads about the master account, and signed `/exchange` actions. */
export class HyperliquidTrading {
  readonly signer: HyperliquidSigner;

  constructor(
    private readonly call: VenueCall,
    credentials: CredentialHandle | undefined,
    environment: Environment,
  ) {
    this.signer = new HyperliquidSigner(credentials, environment);
  }

  account(): string {
    return this.signer.account();
  }

  accountState(toolCall: CallDeadline): Promise<Fetched<AccountState>> {
    return this.call.send(
      toolCall,
      userRequest('clearinghouseState', this.account()),
      'clearinghouseState',
      readClearinghouse,
    );
  }

  openOrders(toolCall: CallDeadline): Promise<Fetched<OpenOrder[]>> {
    return this.call.send(
      toolCall,
      userRequest('frontendOpenOrders', this.account()),
      'frontendOpenOrders',
      readOpenOrders,
    );
  }

  fills(toolCall: CallDeadline): Promise<Fetched<UserFill[]>> {
    return this.call.send(toolCall, userRequest('userFills', this.account()), 'userFills', readFills);
  }

  fees(toolCall: CallDeadline): Promise<Fetched<{ taker_rate: number; maker_rate: number }>> {
    return this.call.send(toolCall, userRequest('userFees', this.account()), 'userFees', readFees);
  }

  /** By oid or cloid; undefined when the venue has no such order. */
  orderStatus(toolCall: CallDeadline, oid: number | string) {
    return this.call.send(toolCall, orderStatusRequest(this.account(), oid), 'orderStatus', readOrderStatus);
  }

  /** Signs and sends one action, once; the `ok` response, or the venue's refusal as an error. */
  async exchange(toolCall: CallDeadline, action: Record<string, unknown>) {
    const request = await this.signer.exchangeRequest(action);
    const response = await this.call.http.request(request, toolCall.deadline, toolCall.dryRun);
    return { response: readExchange(response), receivedAt: response.receivedAt };
  }
}

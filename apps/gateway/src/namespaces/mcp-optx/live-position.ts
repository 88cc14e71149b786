import { AppError } from '@app/kit';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { WireObject } from '../../venues/deribit/deribit-trading.js';
import type { OptxClients } from './optx-clients.js';

/** The live position of one instrument (`private/get_position`); flat is 409 NO_POSITION, nothing sent. */
export async function livePosition(
  context: CallDeadline,
  clients: OptxClients,
  instrument: string,
): Promise<WireObject & { size: number }> {
  const position = await clients.trading.getPosition(context, instrument);
  const size = Number(position.data.size ?? 0);
  if (!Number.isFinite(size) || size === 0)
    throw new AppError(409, 'NO_POSITION', `There is no open position in ${instrument}`, {
      details: { field: 'instrument_name', instrument_name: instrument },
    });
  return { ...position.data, size };
}

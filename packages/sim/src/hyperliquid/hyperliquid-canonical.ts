import { DeserializeError } from './hyperliquid-info.js';

/**
 * The server's view of an action (notes §9.3): the received JSON is parsed into the documented shape and
 * rebuilt in its documented key order, with canonical decimals and lowercase hex, before it is hashed. A
 * client that signed other bytes (keys re-ordered, `"100.0"`, upper-case hex, a null where a key belongs
 * absent) therefore recovers another address, as on the venue. Unknown shapes answer 422 like the venue.
 */

type Json = Record<string, unknown>;

const object = (value: unknown, field: string): Json => {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new DeserializeError(`${field}: invalid type, expected a map`);
  return value as Json;
};

const list = (value: unknown, field: string): unknown[] => {
  if (!Array.isArray(value)) throw new DeserializeError(`${field}: invalid type, expected a sequence`);
  return value;
};

const integer = (value: unknown, field: string): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new DeserializeError(`${field}: invalid type, expected u64`);
  return value;
};

const boolean = (value: unknown, field: string): boolean => {
  if (typeof value !== 'boolean') throw new DeserializeError(`${field}: invalid type, expected a boolean`);
  return value;
};

/** A decimal string as the server re-prints it: no leading or trailing zeros, no trailing point. */
export function canonicalWireDecimal(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value))
    throw new DeserializeError(`${field}: invalid decimal string`);
  const [whole = '0', fraction = ''] = value.split('.');
  const integerPart = whole.replace(/^0+(?=\d)/, '');
  const fractionPart = fraction.replace(/0+$/, '');
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

const hex = (value: unknown, field: string, bytes: number): string => {
  const pattern = new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`);
  if (typeof value !== 'string' || !pattern.test(value))
    throw new DeserializeError(`${field}: expected 0x and ${bytes * 2} hex digits`);
  return value.toLowerCase();
};

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], field: string): T => {
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw new DeserializeError(`${field}: unknown variant \`${String(value)}\``);
  return value as T;
};

function orderWire(value: unknown, field: string): Json {
  const order = object(value, field);
  const t = object(order.t, `${field}.t`);
  let kind: Json;
  if (t.limit !== undefined) {
    const limit = object(t.limit, `${field}.t.limit`);
    kind = {
      limit: { tif: oneOf(limit.tif, ['Gtc', 'Ioc', 'Alo', 'FrontendMarket'], `${field}.t.limit.tif`) },
    };
  } else if (t.trigger !== undefined) {
    const trigger = object(t.trigger, `${field}.t.trigger`);
    kind = {
      trigger: {
        isMarket: boolean(trigger.isMarket, `${field}.t.trigger.isMarket`),
        triggerPx: canonicalWireDecimal(trigger.triggerPx, `${field}.t.trigger.triggerPx`),
        tpsl: oneOf(trigger.tpsl, ['tp', 'sl'], `${field}.t.trigger.tpsl`),
      },
    };
  } else throw new DeserializeError(`${field}.t: expected limit or trigger`);
  return {
    a: integer(order.a, `${field}.a`),
    b: boolean(order.b, `${field}.b`),
    p: canonicalWireDecimal(order.p, `${field}.p`),
    s: canonicalWireDecimal(order.s, `${field}.s`),
    r: boolean(order.r, `${field}.r`),
    t: kind,
    ...(order.c === undefined || order.c === null ? {} : { c: hex(order.c, `${field}.c`, 16) }),
  };
}

const fast = (value: Json) => (value.f === true ? { f: true } : {});

/** The action rebuilt canonically; throws DeserializeError for a body the venue would not parse. */
export function canonicalAction(value: unknown): Json {
  const action = object(value, 'action');
  switch (action.type) {
    case 'order': {
      const builder =
        action.builder === undefined || action.builder === null
          ? undefined
          : object(action.builder, 'builder');
      return {
        type: 'order',
        orders: list(action.orders, 'orders').map((order, i) => orderWire(order, `orders[${i}]`)),
        grouping: oneOf(action.grouping, ['na', 'normalTpsl', 'positionTpsl'], 'grouping'),
        ...(builder
          ? { builder: { b: hex(builder.b, 'builder.b', 20), f: integer(builder.f, 'builder.f') } }
          : {}),
      };
    }
    case 'cancel':
      return {
        type: 'cancel',
        cancels: list(action.cancels, 'cancels').map((entry, i) => {
          const cancel = object(entry, `cancels[${i}]`);
          return { a: integer(cancel.a, `cancels[${i}].a`), o: integer(cancel.o, `cancels[${i}].o`) };
        }),
        ...fast(action),
      };
    case 'cancelByCloid':
      return {
        type: 'cancelByCloid',
        cancels: list(action.cancels, 'cancels').map((entry, i) => {
          const cancel = object(entry, `cancels[${i}]`);
          return {
            asset: integer(cancel.asset, `cancels[${i}].asset`),
            cloid: hex(cancel.cloid, `cancels[${i}].cloid`, 16),
          };
        }),
        ...fast(action),
      };
    case 'updateLeverage':
      return {
        type: 'updateLeverage',
        asset: integer(action.asset, 'asset'),
        isCross: boolean(action.isCross, 'isCross'),
        leverage: integer(action.leverage, 'leverage'),
      };
    case 'scheduleCancel':
      return action.time === undefined || action.time === null
        ? { type: 'scheduleCancel' }
        : { type: 'scheduleCancel', time: integer(action.time, 'time') };
    case 'noop':
      return { type: 'noop' };
    case undefined:
      throw new DeserializeError('missing field `type`');
    default:
      throw new DeserializeError(`unknown variant \`${String(action.type)}\``);
  }
}

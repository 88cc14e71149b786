import { admin } from './admin';
import { core } from './core';
import { gauges } from './gauges';
import { maker } from './maker';
import { metrology } from './metrology';
import { station } from './station';

/**
 * English strings, one module per area of the app. Every key must exist in German too: `Messages` makes tsc
 * check each German module, and i18n/locales.test.ts checks both ways.
 */
export const en = { ...core, ...station, ...maker, ...metrology, ...gauges, ...admin };

export type Messages = typeof en;

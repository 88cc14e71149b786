import type { Messages } from '../en';
import { admin } from './admin';
import { core } from './core';
import { gauges } from './gauges';
import { maker } from './maker';
import { metrology } from './metrology';
import { station } from './station';

/** Deutsche Texte, ein Modul je Bereich; dieselben Schlüssel wie die englischen. */
export const de: Messages = { ...core, ...station, ...maker, ...metrology, ...gauges, ...admin };

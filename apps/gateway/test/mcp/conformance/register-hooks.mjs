import { register } from 'node:module';

register('./fs-glob-hooks.mjs', import.meta.url);

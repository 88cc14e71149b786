import { protectiveOrderTool } from './protective-order.js';

export const setStopLoss = protectiveOrderTool('stop');

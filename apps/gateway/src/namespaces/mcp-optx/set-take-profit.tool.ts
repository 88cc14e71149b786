import { protectiveOrderTool } from './protective-order.js';

export const setTakeProfit = protectiveOrderTool('take');

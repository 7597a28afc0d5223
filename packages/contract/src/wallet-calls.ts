/** The wallet calls of the route table: history, deposits, withdrawals, payments, demo funds. */
import { demoTopUpResultSchema } from './hub';
import { noInputSchema, type ApiRoute } from './route-entry';
import {
  addWithdrawalAccountSchema,
  cancelWithdrawalSchema,
  checkPaymentSchema,
  createDepositRequestSchema,
  createPaymentRequestSchema,
  createPaymentSchema,
  createWithdrawalRequestSchema,
  paymentInfoSchema,
  paymentRequestListSchema,
  paymentRequestSchema,
  paymentRequestsQuerySchema,
  paymentSchema,
  transactionDetailQuerySchema,
  transactionDetailSchema,
  transactionHistoryQuerySchema,
  transactionHistorySchema,
  withdrawalAccountIdSchema,
  withdrawalAccountSchema,
} from './wallet';

/** Refills a demo player's play money. */
export const topUpDemoBalanceRoute = {
  method: 'POST',
  path: 'Account/TopUpDemoBalance',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: noInputSchema,
  response: demoTopUpResultSchema,
} satisfies ApiRoute;

export const transactionHistoryRoute = {
  method: 'GET',
  path: 'Transaction/GetHistory',
  auth: 'required',
  loader: true,
  request: transactionHistoryQuerySchema,
  response: transactionHistorySchema,
} satisfies ApiRoute;

export const transactionDetailRoute = {
  method: 'GET',
  path: 'Transaction/GetDetail',
  auth: 'required',
  loader: true,
  request: transactionDetailQuerySchema,
  response: transactionDetailSchema,
} satisfies ApiRoute;

export const createDepositWithdrawalRequestRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/CreateRequestForDepositWithdrawal',
  auth: 'required',
  loader: true,
  closedWhenSuspended: true,
  request: createPaymentRequestSchema,
  response: paymentRequestSchema,
} satisfies ApiRoute;

export const playerRequestsRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/PlayerRequests',
  auth: 'required',
  loader: true,
  request: paymentRequestsQuerySchema,
  response: paymentRequestListSchema,
} satisfies ApiRoute;

export const depositWithdrawalsRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/GetDepositWithdrawals',
  auth: 'required',
  loader: true,
  request: paymentRequestsQuerySchema,
  response: paymentRequestListSchema,
} satisfies ApiRoute;

export const createWithdrawalRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/CreateWithdrawal',
  auth: 'required',
  loader: true,
  closedWhenSuspended: true,
  request: createWithdrawalRequestSchema,
  response: paymentRequestSchema,
} satisfies ApiRoute;

export const createDepositRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/CreateDeposit',
  auth: 'required',
  loader: true,
  closedWhenSuspended: true,
  request: createDepositRequestSchema,
  response: paymentRequestSchema,
} satisfies ApiRoute;

export const withdrawalHistoryRoute = {
  method: 'GET',
  path: 'DepositWithdrawal/GetUserWithdrawalHistory',
  auth: 'required',
  loader: true,
  request: paymentRequestsQuerySchema,
  response: paymentRequestListSchema,
} satisfies ApiRoute;

export const paymentInfoRoute = {
  method: 'GET',
  path: 'Account/GetPaymentInfo',
  auth: 'required',
  loader: true,
  request: noInputSchema,
  response: paymentInfoSchema,
} satisfies ApiRoute;

export const addWithdrawalAccountRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/AddWithdrawalAccount',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: addWithdrawalAccountSchema,
  response: withdrawalAccountSchema,
} satisfies ApiRoute;

export const removeWithdrawalAccountRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/RemoveWithdrawalAccount',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: withdrawalAccountIdSchema,
  response: withdrawalAccountIdSchema,
} satisfies ApiRoute;

export const cancelWithdrawalRoute = {
  method: 'POST',
  path: 'DepositWithdrawal/CancelWithdrawal',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: cancelWithdrawalSchema,
  response: paymentRequestSchema,
} satisfies ApiRoute;

export const paymentGenerateRoute = {
  method: 'POST',
  path: 'Payment/Generate',
  auth: 'required',
  loader: true,
  closedWhenSuspended: true,
  request: createPaymentSchema,
  response: paymentSchema,
} satisfies ApiRoute;

export const paymentCheckRoute = {
  method: 'POST',
  path: 'Payment/Check',
  auth: 'required',
  loader: true,
  request: checkPaymentSchema,
  response: paymentSchema,
} satisfies ApiRoute;

export const upiCreateRoute = {
  method: 'POST',
  path: 'Payment/UpiCreate',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: createPaymentSchema,
  response: paymentSchema,
} satisfies ApiRoute;

export const upiCheckRoute = {
  method: 'POST',
  path: 'Payment/UpiCheck',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: checkPaymentSchema,
  response: paymentSchema,
} satisfies ApiRoute;

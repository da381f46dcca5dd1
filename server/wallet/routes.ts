import { createRoute } from "@hono/zod-openapi";
import { currentUser, requireUser } from "../http/auth.ts";
import type { AppDeps } from "../http/context.ts";
import { errors, jsonBody, jsonResponse, newRouter, secured } from "../http/openapi.ts";
import { credit, debit, getBalance, listTransactions } from "./service.ts";
import { BalanceResponseSchema, MovementInputSchema, TransactionPageQuerySchema, TransactionPageResponseSchema, WalletOwnerParamSchema } from "./schemas.ts";

const tags = ["Wallet"];
const owner = { security: secured, middleware: [requireUser] };

const balanceRoute = createRoute({
  method: "get",
  path: "/balance/{userId}",
  tags,
  summary: "A wallet's balance (own; admins any)",
  ...owner,
  request: { params: WalletOwnerParamSchema },
  responses: { 200: jsonResponse(BalanceResponseSchema, "Balance"), 401: errors[401], 404: errors[404] },
});
const transactionsRoute = createRoute({
  method: "get",
  path: "/transactions",
  tags,
  summary: "The ledger of the caller's wallet (admins: ?userId=)",
  ...owner,
  request: { query: TransactionPageQuerySchema },
  responses: { 200: jsonResponse(TransactionPageResponseSchema, "A page"), 401: errors[401], 404: errors[404] },
});
const creditRoute = createRoute({
  method: "post",
  path: "/credit",
  tags,
  summary: "Credit G-Coins: admins; or the DEMO test top-up of 1000 on one's own wallet",
  ...owner,
  request: { body: jsonBody(MovementInputSchema) },
  responses: { 200: jsonResponse(BalanceResponseSchema, "New balance"), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});
const debitRoute = createRoute({
  method: "post",
  path: "/debit",
  tags,
  summary: "Debit the caller's own wallet",
  ...owner,
  request: { body: jsonBody(MovementInputSchema) },
  responses: { 200: jsonResponse(BalanceResponseSchema, "New balance"), 400: errors[400], 401: errors[401], 402: errors[402], 404: errors[404] },
});

export function walletRoutes(deps: AppDeps) {
  return newRouter()
    .openapi(balanceRoute, async (c) => c.json({ success: true as const, ...(await getBalance(deps, currentUser(c), c.req.valid("param").userId)) }, 200))
    .openapi(transactionsRoute, async (c) => {
      const { userId, page, limit } = c.req.valid("query");
      const user = currentUser(c);
      return c.json({ success: true as const, ...(await listTransactions(deps, user, userId ?? user.id, page, limit, c.get("lang"))) }, 200);
    })
    .openapi(creditRoute, async (c) => c.json({ success: true as const, ...(await credit(deps, currentUser(c), c.req.valid("json"))) }, 200))
    .openapi(debitRoute, async (c) => c.json({ success: true as const, ...(await debit(deps, currentUser(c), c.req.valid("json"))) }, 200));
}

import {
  type KyselyPlugin,
  LimitNode,
  OffsetNode,
  type OperationNode,
  type RootOperationNode,
  SelectQueryNode,
  ValueNode,
} from "kysely";

/**
 * Writes a query's LIMIT and OFFSET into its SQL as numbers instead of binding them (SQLite only).
 *
 * SQLite (3.53, as better-sqlite3 ships it) plans a `LIMIT ?` around the value bound to it, and so
 * marks such a statement expired every time that parameter is bound again — even to the same
 * value: each run of a reused statement was parsed and planned anew (`sqlite3Reprepare`, 2.5 % of
 * the inbox's CPU). With the number in the text, the statement is planned once; a page number
 * gives a few texts more to the statement cache, no more.
 *
 * Only whole numbers are written out (nothing a caller passes can become SQL), and only on the
 * query itself, not in its subqueries: ours put no LIMIT there.
 */
export const literalLimits: KyselyPlugin = {
  transformQuery: ({ node }) => (SelectQueryNode.is(node) && (node.limit || node.offset) ? withLiteralLimits(node) : node),
  transformResult: async ({ result }) => result,
};

function withLiteralLimits(node: SelectQueryNode): RootOperationNode {
  const limit = literal(node.limit?.limit);
  const offset = literal(node.offset?.offset);
  if (!limit && !offset) return node;
  return Object.freeze({
    ...node,
    ...(limit ? { limit: LimitNode.create(limit) } : {}),
    ...(offset ? { offset: OffsetNode.create(offset) } : {}),
  });
}

function literal(value: OperationNode | undefined): ValueNode | undefined {
  if (!value || !ValueNode.is(value) || value.immediate) return undefined;
  return Number.isSafeInteger(value.value) ? ValueNode.createImmediate(value.value) : undefined;
}

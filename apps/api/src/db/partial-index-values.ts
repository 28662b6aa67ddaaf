import {
  BinaryOperationNode,
  ColumnNode,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  PrimitiveValueListNode,
  ReferenceNode,
  ValueListNode,
  ValueNode,
} from "kysely";

/**
 * The columns the schema's partial indexes filter on (`payments.kind` and `status`,
 * `visits.status`, `jobs.status`, `payment_methods.is_default`, `invoice_payments.released`,
 * `valet_tickets.car_status`…), by name whatever the table. A test keeps this list whole against
 * the migrated schema.
 */
export const PARTIAL_INDEX_COLUMNS: ReadonlySet<string> = new Set([
  "status",
  "kind",
  "is_default",
  "released",
  "car_status",
]);

const COMPARISONS = new Set(["=", "<>", "!=", "in", "not in"]);

/** The column a comparison's left side names, if it is a plain column. */
function columnOf(node: OperationNode): string | undefined {
  if (ReferenceNode.is(node)) return columnOf(node.column);
  if (ColumnNode.is(node)) return node.column.name;
  return undefined;
}

/**
 * Text or a finite number. Text with a NUL stays bound: it is an argument's placeholder of a
 * statement compiled once (db/compiled-once.ts), which must come back as a bound value.
 */
const isWritable = (value: unknown): value is string | number =>
  (typeof value === "string" && !value.includes("\u0000")) || (typeof value === "number" && Number.isFinite(value));

/** The right side with its values written into the text, or as it is when one cannot be. */
function writtenOut(node: OperationNode): OperationNode {
  if (ValueNode.is(node))
    return !node.immediate && isWritable(node.value) ? ValueNode.createImmediate(node.value) : node;
  if (PrimitiveValueListNode.is(node) && node.values.every(isWritable))
    return ValueListNode.create(node.values.map((value) => ValueNode.createImmediate(value)));
  if (ValueListNode.is(node) && node.values.every((value) => ValueNode.is(value) && isWritable(value.value)))
    return ValueListNode.create(node.values.map(writtenOut));
  return node;
}

class PartialIndexValuesWrittenOut extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    const { operator, leftOperand } = transformed;
    if (!OperatorNode.is(operator) || !COMPARISONS.has(operator.operator)) return transformed;
    const column = columnOf(leftOperand);
    if (!column || !PARTIAL_INDEX_COLUMNS.has(column)) return transformed;
    return BinaryOperationNode.create(
      transformed.leftOperand,
      transformed.operator,
      writtenOut(transformed.rightOperand),
    );
  }
}

/**
 * On both engines (docs/decisions/0351, 0355). When a statement compares a bound value with a column that a
 * partial index filters on, SQLite's planner looks at the value to decide whether the index
 * applies, and marks the statement to be prepared again each time that value is bound, that is
 * on every call: the pay path's stay read spent 90 of its 110 µs planning itself again, and 111
 * of the 298 such statements the API tests send did the same. Written into the statement's
 * text, the value is planned once with it. These values are the code's constants or enums
 * already validated, so the statement cache holds a few variants of a statement, never one per
 * call; Kysely escapes them as SQL string literals. PostgreSQL prepares each statement once per
 * connection (db/prepared-statements.ts) and may then run it with a generic plan, which can use a
 * partial index only when the value it filters on is in the text.
 */
// One transformer for every statement, as Kysely's own plugins keep theirs: building one binds a
// hundred node handlers, and a transformation runs synchronously, start to end.
const transformer = new PartialIndexValuesWrittenOut();

export const partialIndexValuesWrittenOut: KyselyPlugin = {
  transformQuery: ({ node }) => transformer.transformNode(node),
  transformResult: async ({ result }) => result,
};

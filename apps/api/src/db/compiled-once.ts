import { type Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./database.ts";

/** What a builder gets in place of argument `index`: text no caller sends (NULs around it). */
const placeholder = (index: number): string => `\u0000argument ${index}\u0000`;

/** Where a compiled parameter's value comes from: a call's argument, or the statement itself. */
type Binding = { argument: number } | { constant: unknown };

interface Statement {
  sql: string;
  bindings: Binding[];
}

/**
 * A statement of fixed shape that Kysely builds and compiles once per database, then sends with
 * each call's values: building and compiling took a quarter of the pay path's CPU time, for
 * statements that never change (issue 16 item 8, docs/decisions/0046).
 *
 * `build` receives a placeholder for each argument and must hand each one to Kysely as one bound
 * value (a comparison, a `set` or `values` field): never read it, branch on it or put it in a list.
 * The placeholders are then found again among the compiled parameters, and every other parameter
 * is a constant of the statement. An argument that does not come back as a bound value (or that
 * reached the SQL text) is refused when the statement is first compiled; a list, bound as one
 * value, fails as SQL at its first call. No optional arguments: `build`'s parameter count is the
 * statement's. A `build` that takes its arguments as a rest parameter (a statement made of others)
 * states how many there are (`arity`); otherwise they are counted from its parameters.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (executor: Executor, ...args: Args) => Compilable<Row>,
  arity: number = build.length - 1,
) {
  // Compiled per database (its adapter): the two engines write different SQL, and tests open many.
  const statements = new WeakMap<object, Statement>();

  const compile = (executor: Executor): Statement => {
    const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index));
    const compiled = build(executor, ...(placeholders as Args)).compile();
    const bindings = compiled.parameters.map((value): Binding => {
      const argument = typeof value === "string" ? placeholders.indexOf(value) : -1;
      return argument >= 0 ? { argument } : { constant: value };
    });
    const bound = new Set(bindings.flatMap((binding) => ("argument" in binding ? [binding.argument] : [])));
    if (bound.size !== arity || compiled.sql.includes("\u0000"))
      throw new Error(`compiledOnce: each argument must be one bound value of the statement: ${compiled.sql}`);
    return { sql: compiled.sql, bindings };
  };

  const run = async (executor: Executor, args: Args): Promise<Row[]> => {
    const { adapter } = executor.getExecutor();
    let statement = statements.get(adapter);
    if (!statement) {
      statement = compile(executor);
      statements.set(adapter, statement);
    }
    const parameters = statement.bindings.map((binding) =>
      "argument" in binding ? args[binding.argument] : binding.constant,
    );
    return (await executor.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters))).rows;
  };

  return {
    /** Every row the statement answers. */
    all: (executor: Executor, ...args: Args): Promise<Row[]> => run(executor, args),
    /** The first row, if any. */
    first: async (executor: Executor, ...args: Args): Promise<Row | undefined> => (await run(executor, args))[0],
  };
}

/**
 * A family of statements whose shape varies by caller (the columns an update sets, the statuses it
 * moves from), each shape compiled once under `compiledOnce`'s rules. A shape's name must come from
 * code, never from data (column names, a fixed list): each name keeps its statement for good.
 * `build` receives the shape's values as placeholders, `arity` of them.
 */
export function compiledPerShape<Row>() {
  const statements = new Map<string, ReturnType<typeof compiledOnce<unknown[], Row>>>();
  return (shape: string, arity: number, build: (executor: Executor, ...values: unknown[]) => Compilable<Row>) => {
    let statement = statements.get(shape);
    if (!statement) {
      statement = compiledOnce(build, arity);
      statements.set(shape, statement);
    }
    return statement;
  };
}

/**
 * What an update's change sets, for `compiledPerShape`: its columns in the change's order (a value
 * left undefined is no column, as Kysely's builder leaves it out), its shape's name, the values to
 * send, and `set`, which rebuilds the change from a statement's placeholders.
 */
export function changedColumns<Changes extends object>(changes: Changes) {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  return {
    shape: entries.map(([column]) => column).join(),
    values: entries.map(([, value]) => value as unknown),
    set: (placeholders: readonly unknown[]) =>
      Object.fromEntries(entries.map(([column], index) => [column, placeholders[index]])) as Changes,
  };
}

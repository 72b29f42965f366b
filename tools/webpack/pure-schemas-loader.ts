// A webpack loader for @marketplace/contracts: marks every TypeBox builder call (`Type.Object(...)`,
// `Type.String()`, ...) as pure, so the minifier drops the schemas a web app imports nothing from.
//
// Why: a contracts module mixes the data a page shows (messages, limits, labels) with the services'
// schemas, and building those schemas runs when the module is evaluated. Without the marks, a page that
// reads one constant of chat.ts or accounts.ts built every schema of the file on load (for the signed-in
// header alone, 69 ms of a 124 ms task in a Chromium trace at 4x CPU slowdown). Building a TypeBox schema
// only makes objects, so the mark is true.
import ts from 'typescript';

const PURE = '/*#__PURE__*/ ';

/** The source with `/*#__PURE__*\/` before each call of a member of `Type` (TypeBox's builder). */
export function markSchemaBuildersPure(source: string, fileName = 'module.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const starts: number[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Type'
    ) {
      starts.push(node.getStart(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let marked = source;
  for (const start of starts.sort((a, b) => b - a)) {
    marked = `${marked.slice(0, start)}${PURE}${marked.slice(start)}`;
  }
  return marked;
}

export default function pureSchemasLoader(this: { resourcePath: string }, source: string): string {
  return markSchemaBuildersPure(source, this.resourcePath);
}

/**
 * Where a user-facing sentence is written in English in the code instead of being read
 * from `_locales` through `t()`. A sentence is a string literal, template or JSX text of
 * at least two words that starts with a capital letter or ends like a sentence (. ! ? :
 * …). Read from the syntax tree, so comments, types and module names never count; text
 * only a developer reads is left out by where it stands: a console line, a built-in
 * Error (`new Error(…)`), a property key. Everything else is named `file:line "text"`.
 */
import ts from 'typescript';

/** The words the buyer reads: the pages, their kit, the background, the service's errors. */
const SCANNED = [
  'src/popup/',
  'src/options/',
  'src/bulk/',
  'src/ui/',
  'src/background/',
  'src/shared/',
  'src/api/errors.ts',
  'src/api/error-messages.ts',
];

/**
 * Files left out whole, each for its reason. Kept small: a file belongs here only when
 * none of its text is a sentence the buyer reads as Buyline's own words.
 */
export const NOT_SENTENCES: Readonly<Record<string, string>> = {
  'src/shared/address-codes.ts':
    'place names the buyer may type (New York, Puerto Rico), matched as data and never shown as a sentence',
  'src/shared/bulk/template.ts':
    'the example rows of the CSV template (a gift message, store order numbers): sample data the buyer replaces, not Buyline speaking',
};

/**
 * Single strings left alone where they stand, each for its reason: `file` and the text's
 * start.
 */
export const ALLOWED: readonly { file: string; starts: string; reason: string }[] = [
  {
    file: 'src/options/words.ts',
    starts: 'Diners Club',
    reason: 'a card brand, a proper name the same in every language',
  },
];

/**
 * Properties whose text only a developer reads, in one file each, for its reason: a
 * string given to `property` in `file` is not a sentence of the buyer's.
 */
export const DEVELOPER_PROPERTIES: readonly { file: string; property: string; reason: string }[] = [
  {
    file: 'src/background/order-life/timing.ts',
    property: 'why',
    reason: 'the reason of each retry rule, documentation of the table; no page shows it',
  },
];

const BUILT_IN_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError']);

function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `X${span.literal.text}`).join('');
  if (ts.isJsxText(node)) return node.text.replace(/\s+/g, ' ').trim();
  return undefined;
}

/** At least two words, and it starts with a capital or ends like a sentence. */
function isSentence(text: string): boolean {
  const trimmed = text.trim();
  if (!/[A-Za-z]{2,}[,;:]?\s+\S*[A-Za-z]/.test(trimmed)) return false;
  return /^[“"(]?[A-Z][a-z’']*\b/.test(trimmed) || /[.!?:…]["”)]?$/.test(trimmed);
}

function hasUserMessage(call: ts.Node): boolean {
  let at: ts.Node | undefined = call;
  while (at && !ts.isClassLike(at)) at = at.parent;
  return Boolean(
    at?.members.some(
      (member) => member.name && ts.isIdentifier(member.name) && member.name.text === 'userMessage',
    ),
  );
}

function developerProperty(assignment: ts.PropertyAssignment, file: string): boolean {
  const name = ts.isIdentifier(assignment.name) ? assignment.name.text : undefined;
  return DEVELOPER_PROPERTIES.some((entry) => entry.file === file && entry.property === name);
}

/** Whether the text stands where only a developer reads it. */
function forDevelopers(node: ts.Node, file: string): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isCallExpression(parent) && parent.arguments.includes(at as ts.Expression)) {
      const callee = parent.expression;
      // An error class that carries a `userMessage` gives the buyer that one; the
      // message it passes to Error is the developer's.
      if (callee.kind === ts.SyntaxKind.SuperKeyword) return hasUserMessage(parent);
      return (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'console'
      );
    }
    if (ts.isNewExpression(parent) && parent.arguments?.includes(at as ts.Expression))
      return ts.isIdentifier(parent.expression) && BUILT_IN_ERRORS.has(parent.expression.text);
    if (ts.isPropertyAssignment(parent) && parent.name === at) return true;
    if (ts.isPropertyAssignment(parent) && developerProperty(parent, file)) return true;
    if (ts.isLiteralTypeNode(parent)) return true;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
    if (ts.isStatement(parent) || ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/** Each hard-coded sentence of the scanned files: `file:line "text"`. */
export function hardCodedSentences(sources: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    if (!SCANNED.some((scope) => file.startsWith(scope))) continue;
    if (NOT_SENTENCES[file]) continue;
    const tree = ts.createSourceFile(
      file,
      source,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (
        text !== undefined &&
        isSentence(text) &&
        !forDevelopers(node, file) &&
        !ALLOWED.some((entry) => entry.file === file && text.startsWith(entry.starts))
      ) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
        found.push(`${file}:${line} ${JSON.stringify(text)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return found;
}

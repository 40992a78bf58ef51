// ESLint rule `platform/prisma-outside-store`: a database query is the store's job. It reports a
// call of a Prisma model method (`db.member.findMany(…)`, through any alias) or of the client's
// raw queries and transactions (`$queryRaw`, `$executeRaw…`, `$transaction`), wherever the code
// calling it is not in a service's `store/`. The rule asks the type checker where the called
// method is declared: in the Prisma client a service generates (`src/store/generated/`), so a
// model method is recognised whatever the variable holding the client is called.
// Option `allowTransactions`: `$transaction` is allowed (a use case in `app/` opens one and hands
// the transaction client to the store).

const GENERATED_CLIENT = /[\\/]src[\\/]store[\\/]generated[\\/]/;
const MODEL_FILE = /[\\/]src[\\/]store[\\/]generated[\\/]models[\\/]/;
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
const CLIENT_QUERIES = /^\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|queryRawTyped|transaction)$/;

/** @type {import('eslint').Rule.RuleModule} */
export const prismaOutsideStore = {
  meta: {
    type: 'problem',
    docs: { description: 'Database queries (Prisma) only in a service’s store/' },
    schema: [{ type: 'object', properties: { allowTransactions: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      query: 'Prisma query `{{name}}` outside store/: move it into a store function and call that (docs/decisions/0208-layers-held-by-lint.md).',
      transaction: '`$transaction` outside app/ and store/: a use case in app/ opens the transaction and hands it to the store.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {};
    const checker = services.program.getTypeChecker();
    const allowTransactions = context.options[0]?.allowTransactions === true;

    /** The called member's declaration file, when `callee` is `something.name`. */
    const check = (node, callee) => {
      if (callee?.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
      const name = callee.property.name;
      const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(callee.property));
      const files = (symbol?.declarations ?? []).map((d) => d.getSourceFile().fileName);
      if (files.length === 0 || !files.every((file) => GENERATED_CLIENT.test(file))) return;
      // A query's result is a promise the model file declares too (`Prisma__MemberClient`): awaiting it
      // (then, catch, finally) where the store handed it back is not a query.
      if (PROMISE_METHODS.has(name)) return;
      const model = files.some((file) => MODEL_FILE.test(file));
      if (!model && !CLIENT_QUERIES.test(name)) return;
      if (name === '$transaction') {
        if (!allowTransactions) context.report({ node, messageId: 'transaction' });
        return;
      }
      context.report({ node, messageId: 'query', data: { name } });
    };
    return {
      CallExpression: (node) => check(node, node.callee),
      TaggedTemplateExpression: (node) => check(node, node.tag),
    };
  },
};

/** The workspace's own rules, as an ESLint plugin. */
export default { meta: { name: 'platform' }, rules: { 'prisma-outside-store': prismaOutsideStore } };

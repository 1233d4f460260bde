import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import type { Plugin } from 'graphql-yoga';
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type SelectionSetNode,
  type ValidationContext,
} from './graphql';

/** Deep enough for `courses { owners { … } }` and what later features nest; no deeper. */
const MAX_DEPTH = 8;
const MAX_COST = 5000;
/** Aliases in one operation: enough to ask for a few lists side by side, not 650 copies of one. */
export const MAX_ALIASES = 15;
/** Top-level fields in one operation. */
export const MAX_ROOT_FIELDS = 10;
const MAX_DIRECTIVES = 20;
/** The largest JSON answer sent; a bigger one is replaced by an error asking for less. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** The errors of the limits above (graphql-armor's and ours say "Syntax Error: … limit") and of disabled introspection. */
const isLimitError = (error: { message: string }) =>
  /^Syntax Error: /.test(error.message) || /introspection has been disabled/i.test(error.message);

/** The number of root fields an operation selects, through fragments and inline fragments. */
function rootFieldCount(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // __typename costs nothing.
      if (selection.name.value !== '__typename') count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += rootFieldCount(selection.selectionSet, fragments, seen);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !seen.has(name)) {
        seen.add(name);
        count += rootFieldCount(fragment.selectionSet, fragments, seen);
      }
    }
  }
  return count;
}

/** A validation rule refusing an operation with more than `max` root fields. */
const maxRootFieldsRule =
  (max: number) =>
  (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const count = rootFieldCount(operation.selectionSet, fragments, new Set());
        if (count > max) {
          context.reportError(
            new GraphQLError(`Syntax Error: Root field limit of ${max} exceeded, found ${count}.`, {
              nodes: [operation],
            }),
          );
        }
      },
    };
  };

/**
 * The limits every GraphQL request passes before it runs: depth, cost, aliases, directives, root
 * fields; with `introspection` off, schema introspection is refused and "Did you mean …"
 * suggestions are hidden (in production unless GRAPHQL_INTROSPECTION=true).
 */
export function limitPlugins({ introspection }: { introspection: boolean }): Plugin[] {
  const rules: Plugin = {
    onValidate({ addValidationRule }) {
      addValidationRule(maxRootFieldsRule(MAX_ROOT_FIELDS));
      if (!introspection) addValidationRule(NoSchemaIntrospectionCustomRule);
      // A request refused by a limit is answered 400, whatever the Accept header.
      return ({ valid, result, setResult }) => {
        if (valid || !result.some((error) => isLimitError(error))) return;
        setResult(
          result.map((error) =>
            isLimitError(error)
              ? new GraphQLError(error.message, {
                  nodes: error.nodes,
                  source: error.source,
                  positions: error.positions,
                  // spec: false, so yoga keeps the 400 for application/json too.
                  extensions: { ...error.extensions, http: { status: 400, spec: false } },
                })
              : error,
          ),
        );
      };
    },
  };
  // Report a refusal as a validation error (answered 400 below) instead of throwing it out of validation.
  const report = {
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  };
  return [
    maxDepthPlugin({ n: MAX_DEPTH, ...report }),
    costLimitPlugin({ maxCost: MAX_COST, ...report }),
    maxAliasesPlugin({ n: MAX_ALIASES, exposeLimits: true, ...report }),
    maxDirectivesPlugin({ n: MAX_DIRECTIVES, exposeLimits: true, ...report }),
    rules,
    ...(introspection ? [] : [blockFieldSuggestionsPlugin()]),
  ] as Plugin[];
}

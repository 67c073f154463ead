/// The pass over a root's new nodes once they are compiled: it follows the subschemas each node applies
/// to the same value as itself, folds `readOnly` and `writeOnly` in through `$ref` and `allOf`, and
/// refuses schemas whose validation of one value takes time exponential in their size.
///
/// `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`, `$ref` and `$dynamicRef`
/// apply subschemas in place. A schema whose two `allOf` branches both refer to one that does the same,
/// forty levels down, is two kilobytes and asks for 2^40 visits of one value: the validator, the linter's
/// example checks and the fake backend's synthesis would hang on it. So would a schema that applies
/// itself in place, whose recursion ends only at the evaluation depth limit and may branch on the way.
/// The pass counts the visits once per node, over the graph (what is shared is counted once per
/// reference to it), and reports the schema where the count passes the limit.
///
/// Iterative: a chain of fifty thousand `$ref`s is a hostile contract, not a reason to overflow the stack
/// (the recursive fold of access flags it replaces did).
enum InPlaceGraph {
    /// The most schema objects one value may visit in place. The five real-world contracts in the
    /// corpora (Kubernetes, Box, Twilio, Discord, Museum) stay at or under 81; 65,535 visits of a string
    /// took a quarter of a second in a debug build of `contract-check validate`, errors collected.
    static let limit = 100_000

    /// Why a schema is refused.
    enum Problem {
        /// Its in-place visits pass the limit, without a cycle.
        case tooMany
        /// It applies itself to the same value.
        case cycle

        /// What the compile error says.
        var message: String {
            switch self {
            case .tooMany:
                "validating one value here visits more than \(InPlaceGraph.limit) schemas in place (allOf, "
                    + "anyOf, oneOf, not, if/then/else, dependentSchemas and $ref nested so that the same "
                    + "subschemas repeat), which takes exponential time; refer to a repeated subschema once "
                    + "instead of in several branches"
            case .cycle:
                "this schema applies itself to the same value (through allOf, anyOf, oneOf, not, "
                    + "if/then/else, dependentSchemas or $ref), so validating a value that reaches it never "
                    + "ends; make the recursion go through properties or items"
            }
        }
    }

    /// A subschema a node applies in place, and whether the node takes its access flags.
    private struct Child {
        let node: SchemaNode
        let foldsAccessFlags: Bool
    }

    /// A node being walked: its children, the next one to visit and the visits counted so far (at most one
    /// past the limit: `add` stops there).
    private struct Visit {
        let node: SchemaNode
        let children: [Child]
        var next = 0
        var cost = 1
    }

    /// Finishes every node of `nodes` and the unfinished nodes they reach; returns the first node to finish
    /// whose schema is refused, with why (the deepest one, which is where to fix it).
    static func finish(_ nodes: ArraySlice<SchemaNode>) -> (node: SchemaNode, problem: Problem)? {
        var refused: (node: SchemaNode, problem: Problem)?
        var stack: [Visit] = []
        func enter(_ node: SchemaNode) {
            node.inPlaceCost = -1
            stack.append(Visit(node: node, children: children(of: node)))
        }
        for root in nodes where root.inPlaceCost == 0 {
            enter(root)
            while let top = stack.last {
                guard top.next < top.children.count else {
                    stack.removeLast()
                    finished(top)
                    if refused == nil, top.cost > limit { refused = (top.node, .tooMany) }
                    if !stack.isEmpty { add(top.node.inPlaceCost, to: &stack[stack.count - 1]) }
                    continue
                }
                let child = top.children[top.next].node
                stack[stack.count - 1].next += 1
                switch child.inPlaceCost {
                case 0: enter(child)
                case -1:
                    // On the stack: a cycle in place. Its flags are folded as far as they are known.
                    if refused == nil { refused = (top.node, .cycle) }
                    add(limit + 1, to: &stack[stack.count - 1])
                default: add(child.inPlaceCost, to: &stack[stack.count - 1])
                }
            }
        }
        return refused
    }

    private static func add(_ cost: Int, to visit: inout Visit) {
        visit.cost = min(visit.cost + cost, limit + 1)
    }

    /// Stores a walked node's count and folds in its `$ref` and `allOf` targets' access flags.
    private static func finished(_ visit: Visit) {
        let node = visit.node
        node.inPlaceCost = visit.cost
        for child in visit.children where child.foldsAccessFlags {
            node.readOnlyFlag = node.readOnlyFlag || child.node.readOnlyFlag
            node.writeOnlyFlag = node.writeOnlyFlag || child.node.writeOnlyFlag
        }
    }

    /// The subschemas `node` applies to the same value as itself, as its checks name them.
    private static func children(of node: SchemaNode) -> [Child] {
        var children: [Child] = []
        for check in node.checksBesidesType {
            let folds = check.passesAccessFlags
            children += check.inPlaceSubschemas.map { Child(node: $0, foldsAccessFlags: folds) }
        }
        return children
    }
}

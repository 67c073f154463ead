/// The pass over a root's new nodes once they are compiled: it follows the subschemas each node applies
/// to the same value as itself, folds `readOnly` and `writeOnly` in through `$ref` and `allOf`, marks the
/// schemas that lead back to themselves, and refuses schemas whose validation of one value takes time
/// exponential in their size.
///
/// `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`, `$ref` and `$dynamicRef`
/// apply subschemas in place. A schema whose two `allOf` branches both refer to one that does the same,
/// forty levels down, is two kilobytes and asks for 2^40 visits of one value: the validator, the linter's
/// example checks and the fake backend's synthesis would hang on it. The pass counts the visits once per
/// node, over the graph (what is shared is counted once per reference to it), and reports the schema where
/// the count passes the limit.
///
/// A schema may also lead back to itself in place: code generators write a base type as the `oneOf` of its
/// subtypes and each subtype as the `allOf` of the base and its own members. JSON Schema leaves the meaning
/// of such a loop undefined; the validator reads it as its authors mean it, a schema met again for the
/// value it is already being applied to passes there (`SchemaNode.cutsLoops`). The pass marks every node
/// of a strongly connected part of the graph (Tarjan's algorithm, on the same walk), so which nodes cut
/// does not depend on the order in which roots are compiled.
///
/// Iterative: a chain of fifty thousand `$ref`s is a hostile contract, not a reason to overflow the stack
/// (the recursive fold of access flags it replaces did).
enum InPlaceGraph {
    /// The most schema objects one value may visit in place. The five real-world contracts in the
    /// corpora (Kubernetes, Box, Twilio, Discord, Museum) stay at or under 81; 65,535 visits of a string
    /// took a quarter of a second in a debug build of `contract-check validate`, errors collected.
    static let limit = 100_000

    /// Why a schema is refused: its in-place visits pass the limit.
    static let message =
        "validating one value here visits more than \(limit) schemas in place (allOf, anyOf, oneOf, not, "
        + "if/then/else, dependentSchemas and $ref nested so that the same subschemas repeat), which takes "
        + "exponential time; refer to a repeated subschema once instead of in several branches"

    /// A subschema a node applies in place, and whether the node takes its access flags.
    private struct Child {
        let node: SchemaNode
        let foldsAccessFlags: Bool
    }

    /// A node being walked: its children, the next one to visit, the visits counted so far (at most one
    /// past the limit: `add` stops there) and the lowest number (`SchemaNode.openNumber`) of a node still
    /// open that it reaches (Tarjan's `lowlink`).
    private struct Visit {
        let node: SchemaNode
        let children: [Child]
        var next = 0
        var cost = 1
        var lowest: Int
        var appliesItself = false
    }

    /// Finishes every node of `nodes` and the unfinished nodes they reach; returns the first node to finish
    /// whose count passes the limit (the deepest one, which is where to fix it).
    static func finish(_ nodes: ArraySlice<SchemaNode>) -> SchemaNode? {
        var refused: SchemaNode?
        var stack: [Visit] = []
        // Nodes walked whose strongly connected part is not finished yet (each with its number in
        // `openNumber`).
        var open: [SchemaNode] = []
        var walked = 0
        func enter(_ node: SchemaNode) {
            node.inPlaceCost = -1
            let number = walked
            walked += 1
            node.openNumber = number
            open.append(node)
            stack.append(Visit(node: node, children: children(of: node), lowest: number))
        }
        for root in nodes where root.inPlaceCost == 0 {
            enter(root)
            while let top = stack.last {
                guard top.next < top.children.count else {
                    stack.removeLast()
                    finished(top)
                    if top.lowest == top.node.openNumber { closePart(of: top, open: &open) }
                    if refused == nil, top.cost > limit { refused = top.node }
                    if !stack.isEmpty {
                        let last = stack.count - 1
                        stack[last].lowest = min(stack[last].lowest, top.lowest)
                        add(top.node.inPlaceCost, to: &stack[last])
                    }
                    continue
                }
                let child = top.children[top.next].node
                let last = stack.count - 1
                stack[last].next += 1
                if child.inPlaceCost == 0 {
                    enter(child)
                } else if child.openNumber >= 0 {
                    // In a part still open: a way back to a node being walked. Met again, the node passes,
                    // so the way back counts one visit.
                    stack[last].lowest = min(stack[last].lowest, child.openNumber)
                    if child === top.node { stack[last].appliesItself = true }
                    add(child.inPlaceCost < 0 ? 1 : child.inPlaceCost, to: &stack[last])
                } else {
                    add(child.inPlaceCost, to: &stack[last])
                }
            }
        }
        return refused
    }

    /// Takes the strongly connected part whose first node is `visit`'s off `open`, and marks its nodes as
    /// cutting loops when it has more than one or its only node applies itself.
    private static func closePart(of visit: Visit, open: inout [SchemaNode]) {
        var members: [SchemaNode] = []
        while let node = open.popLast() {
            node.openNumber = -1
            members.append(node)
            if node === visit.node { break }
        }
        guard members.count > 1 || visit.appliesItself else { return }
        for node in members { node.cutsLoops = true }
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

import ContractJSON

/// `$ref`: the target's checks, in place.
final class RefCheck: KeywordCheck {
    let target: SchemaNode

    override var inPlaceSubschemas: [SchemaNode] { [target] }
    override var passesAccessFlags: Bool { true }

    init(target: SchemaNode) {
        self.target = target
        super.init()
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        target.isValid(instance, &state)
    }

    override var streamingRole: StreamingRole { .reference(self) }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        target.collect(instance, &state, &errors)
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        if target.isValid(instance, &state) { target.annotate(instance, &state, &evaluated) }
    }
}

/// `$dynamicRef`: resolved through the dynamic scope when the static target has a matching `$dynamicAnchor`.
final class DynamicRefCheck: KeywordCheck {
    let target: SchemaNode
    let anchor: String?
    let table: DynamicAnchorTable

    /// The static target: where the reference starts its dynamic resolution.
    override var inPlaceSubschemas: [SchemaNode] { [target] }

    init(target: SchemaNode, anchor: String?, table: DynamicAnchorTable) {
        self.target = target
        self.anchor = anchor
        self.table = table
        super.init()
    }

    private func resolve(_ state: ValidationState) -> SchemaNode {
        guard let anchor else { return target }
        // The outermost resource in the dynamic scope that declares the anchor wins.
        for resource in state.scope {
            if let node = table.anchors[resource]?[anchor] { return node }
        }
        return target
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        resolve(state).isValid(instance, &state)
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        resolve(state).collect(instance, &state, &errors)
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        let node = resolve(state)
        if node.isValid(instance, &state) { node.annotate(instance, &state, &evaluated) }
    }
}

extension SchemaCompiler {
    func compileReferences(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        if let value = context[.ref] {
            guard let text = value.stringValue else {
                report("$ref must be a string", at: context, "$ref")
                return
            }
            if let (target, _) = resolve(text, context, keyword: "$ref") {
                checks.append(RefCheck(target: chainEnd(from: target)))
            }
        }
        guard context.dialect == .draft2020_12, let value = context[.dynamicRef] else { return }
        guard let text = value.stringValue else {
            report("$dynamicRef must be a string", at: context, "$dynamicRef")
            return
        }
        guard let (target, reference) = resolve(text, context, keyword: "$dynamicRef") else { return }
        usesDynamicRef = true
        var anchor: String?
        // Dynamic only when the statically resolved target itself declares the `$dynamicAnchor` named.
        if let fragment = reference.fragment, !fragment.isEmpty, !fragment.hasPrefix("/"),
            registry.dynamicAnchors[reference.description] != nil
        {
            anchor = fragment
        }
        checks.append(DynamicRefCheck(target: target, anchor: anchor, table: dynamicAnchors))
    }
}

/// `$dynamicAnchor`s by resource id.
/// Unchecked Sendable: filled by `SchemaCompiler` on one thread while it compiles, only read afterwards.
final class DynamicAnchorTable: @unchecked Sendable {
    var anchors: [Int: [String: SchemaNode]] = [:]
}

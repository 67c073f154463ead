import ContractJSON

/// `unevaluatedProperties` and `unevaluatedItems`: the members and items no sibling keyword
/// (nor a valid in-place subschema) evaluated must match the schema.
///
/// The evaluated set is computed only here, on demand, so schemas without these keywords pay nothing.
final class UnevaluatedCheck: KeywordCheck {
    let node: SchemaNode
    let siblings: [KeywordCheck]
    let forProperties: Bool
    let noneAllowedSite: KeywordSite?

    init(node: SchemaNode, siblings: [KeywordCheck], forProperties: Bool, noneAllowedSite: KeywordSite?) {
        self.node = node
        self.siblings = siblings
        self.forProperties = forProperties
        self.noneAllowedSite = noneAllowedSite
        super.init()
    }

    private func evaluated(_ instance: JSONValue, _ state: inout ValidationState) -> Evaluated {
        var evaluated = Evaluated()
        for sibling in siblings { sibling.annotate(instance, &state, &evaluated) }
        return evaluated
    }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        switch instance {
        case .object(let object) where forProperties:
            let seen = evaluated(instance, &state)
            for member in object.members where !seen.contains(property: member.key) {
                if !node.isValid(member.value, &state) { return false }
            }
        case .array(let items) where !forProperties:
            let seen = evaluated(instance, &state)
            for (index, item) in items.enumerated() where !seen.contains(item: index) {
                if !node.isValid(item, &state) { return false }
            }
        default:
            break
        }
        return true
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        switch instance {
        case .object(let object) where forProperties:
            let seen = evaluated(instance, &state)
            for member in object.members where !seen.contains(property: member.key) {
                state.path.append(.key(member.key))
                report(member.value, "property \"\(member.key)\"", &state, &errors)
                state.path.removeLast()
            }
        case .array(let items) where !forProperties:
            let seen = evaluated(instance, &state)
            for (index, item) in items.enumerated() where !seen.contains(item: index) {
                state.path.append(.index(index))
                report(item, "item \(index)", &state, &errors)
                state.path.removeLast()
            }
        default:
            break
        }
    }

    private func report(
        _ value: JSONValue, _ what: String, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        if let noneAllowedSite {
            errors.append(
                state.error(
                    noneAllowedSite, expected: "no unevaluated \(what)", actual: ValueDescription.describe(value)))
        } else {
            node.collect(value, &state, &errors)
        }
    }

    override func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        if forProperties { evaluated.allProperties = true } else { evaluated.allItems = true }
    }
}

extension SchemaCompiler {
    func compileUnevaluated(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        guard context.dialect == .draft2020_12 else { return }
        for (keyword, forProperties) in [(CompiledKeyword.unevaluatedItems, false), (.unevaluatedProperties, true)] {
            guard let value = context[keyword] else { continue }
            checks.append(
                UnevaluatedCheck(
                    node: child(context, keyword), siblings: checks, forProperties: forProperties,
                    noneAllowedSite: value == .bool(false) ? site(keyword, context) : nil))
        }
    }
}

/// Reads `security` lists: an array of alternatives, each a map of scheme name to scopes.
enum SecurityRequirementReader {
    static func read(_ nodes: [SourceNode], context: BuildContext) -> [Spec.SecurityRequirement] {
        nodes.compactMap { node in
            guard case .object = node.value else {
                context.error(
                    "structure.type", "a Security Requirement must be an object, found \(node.kindDescription)",
                    at: node)
                return nil
            }
            let uses = node.members.map { name, scopesNode -> Spec.SecurityRequirement.SchemeUse in
                let scopes: [String]
                if case .array(let values) = scopesNode.value {
                    scopes = values.compactMap(\.stringValue)
                } else {
                    context.error(
                        "structure.type", "the scopes of '\(name)' must be an array of strings", at: scopesNode)
                    scopes = []
                }
                return Spec.SecurityRequirement.SchemeUse(name: name, scopes: scopes)
            }
            return Spec.SecurityRequirement(schemes: uses)
        }
    }
}

import ContractJSON

/// Orders the failing branches of `anyOf`/`oneOf` so the one the instance most likely meant comes first.
///
/// A branch that fails only on a discriminating value (`type`, `enum` or `const` at the instance or
/// one of its direct properties, such as `"type": "folder"` against a file) was probably not meant;
/// among the rest, fewer errors and then deeper errors (the instance got further) rank first.
enum BranchRanking {
    static func rank(_ branches: [SchemaValidationError.Branch], depth: Int) -> [SchemaValidationError.Branch] {
        let scored = branches.map { branch -> (key: (Int, Int, Int), branch: SchemaValidationError.Branch) in
            let discriminating = branch.errors.contains { error in
                let relative = error.instancePath.components.count - depth
                return relative <= 1 && ["type", "enum", "const", "discriminator"].contains(error.keyword)
            }
            let deepest = branch.errors.map { $0.mostRelevant.instancePath.components.count }.max() ?? 0
            return ((discriminating ? 1 : 0, branch.errors.count, -deepest), branch)
        }
        return scored.enumerated().sorted { left, right in
            if left.element.key != right.element.key { return left.element.key < right.element.key }
            return left.offset < right.offset
        }.map(\.element.branch)
    }
}

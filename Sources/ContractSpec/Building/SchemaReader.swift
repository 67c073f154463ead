import ContractJSON

/// Reads a Schema Object position: checks its basic shape and records where it is.
///
/// Deeper schema checks (keywords, `$ref`s inside schemas, formats) run in the linter's schema walk.
struct SchemaReader {
    let context: BuildContext

    func read(_ node: SourceNode) -> Spec.Schema? {
        switch node.value {
        case .object:
            break
        case .bool where context.version.isAtLeast31:
            break
        default:
            let expected = context.version.isAtLeast31 ? "an object or a boolean" : "an object"
            context.error("schema.type", "a Schema Object must be \(expected), found \(node.kindDescription)", at: node)
            return nil
        }
        context.schemaRoots.append(node)
        return Spec.Schema(
            baseURI: node.file.uri, pointer: node.pointer, written: node.value, at: node.position,
            translatedFrom: context.translationSource, location: node.location)
    }
}

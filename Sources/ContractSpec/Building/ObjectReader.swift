import ContractJSON

/// Reads the fields of one OpenAPI object, reporting structural problems as it goes:
/// wrong types, missing required fields, unknown fields.
///
/// A `$ref` in place of the object is followed wherever it is written (see `MisplacedReferences`):
/// `node` is then its target, which builders read instead of the node they were given.
struct ObjectReader {
    let node: SourceNode
    let kind: String
    let context: BuildContext
    let isObject: Bool

    /// Checks that `node` (or the target of the `$ref` written there) is an object; reports it when it is not.
    init(_ node: SourceNode, kind: String, context: BuildContext) {
        self.kind = kind
        self.context = context
        guard let target = context.dereference(node, expecting: kind) else {
            // Why the `$ref` leads nowhere is reported; the object reads as empty.
            self.node = node
            self.isObject = false
            return
        }
        self.node = target
        self.isObject = target.value.isObject
        if !isObject {
            context.error(
                "structure.type", "expected a \(kind) (an object), found \(target.kindDescription)", at: target)
        }
    }

    func child(_ key: String) -> SourceNode? { node.child(key) }

    func has(_ key: String) -> Bool { node.value[key] != nil }

    /// Reports every member that is neither in `allowed` nor an `x-` extension.
    func checkFields(_ allowed: FieldSet) {
        // Keys are read straight from the object: `node.members` made a node (and a pointer) for
        // every member of every object the builders read, and only an unknown field needs one.
        guard isObject, case .object(let object) = node.value else { return }
        // By offset: a loop variable copied each member, value and all.
        for offset in object.members.indices {
            let key = object.members[offset].key
            // The allowed fields first: most keys are one of them.
            guard !allowed.contains(key), !key.isSpecificationExtension else { continue }
            let member = node.child(object.members[offset])
            var message = "'\(key)' is not a field of a \(kind)"
            let near = EditDistance.nearest(to: key, among: allowed.names, atMost: 2)
            if let near {
                message += "; did you mean '\(near)'?"
            } else {
                message += "; extensions must start with 'x-'"
            }
            // A misspelt field changes what the contract says; a foreign one is only ignored.
            context.error("structure.unknown-field", message, at: member, blocksVerification: near != nil)
        }
    }

    func require(_ key: String) -> SourceNode? {
        guard let child = child(key) else {
            if isObject {
                context.error(
                    "structure.required", "a \(kind) requires '\(key)'", at: node,
                    blocksVerification: !Self.documentation.contains(key))
            }
            return nil
        }
        return child
    }

    /// Required fields that verifying traffic does not read: without one, the model is whole.
    private static let documentation: Set<String> = [
        "title", "version", "description", "scopes", "authorizationUrl", "tokenUrl", "openIdConnectUrl",
    ]

    /// The value of the member `key`, read in place: most fields read are scalars of the right type,
    /// and a child node (with its own pointer) is made only when there is something to report.
    private func value(_ key: String) -> JSONValue? {
        guard case .object(let object) = node.value, let offset = object.offset(of: key) else { return nil }
        return object.members[offset].value
    }

    func string(_ key: String, required: Bool = false) -> String? {
        if case .string(let text)? = value(key) { return text }
        guard let child = required ? require(key) : child(key) else { return nil }
        context.error("structure.type", "'\(key)' must be a string, found \(child.kindDescription)", at: child)
        return nil
    }

    /// A string field where YAML authors often write a bare number (`version: 1.0`): the number's
    /// text is kept, with a warning to quote it.
    func lenientString(_ key: String, required: Bool = false) -> String? {
        if case .number? = value(key), let child = child(key), case .number(let number) = child.value {
            context.warning(
                "structure.type", "'\(key)' should be a string; \(number.text) is read as a number, quote it", at: child
            )
            return number.text
        }
        return string(key, required: required)
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = value(key) { return flag }
        guard let child = child(key) else { return nil }
        context.error("structure.type", "'\(key)' must be true or false, found \(child.kindDescription)", at: child)
        return nil
    }

    /// The member `key` when it is one of `allowed`; anything else is reported (`blocksVerification`: see
    /// `Diagnostic.blocksVerification`) and read as absent.
    func oneOf(
        _ key: String, _ allowed: [String], required: Bool = false, blocksVerification: @autoclosure () -> Bool = true
    ) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard allowed.contains(text) else {
            let child = child(key) ?? node
            context.error(
                "structure.enum", "'\(key)' must be one of \(allowed.joined(separator: ", ")); found '\(text)'",
                at: child, blocksVerification: blocksVerification())
            return nil
        }
        return text
    }

    /// The member `key`, an object (a map such as `responses`, or an object such as `info`); a `$ref`
    /// written in its place is followed.
    func object(_ key: String, required: Bool = false) -> SourceNode? {
        guard let written = required ? require(key) : child(key),
            let child = context.dereference(written, expecting: "'\(key)' object")
        else { return nil }
        guard child.value.isObject else {
            // An optional map left empty in YAML (`parameters:` and nothing under it) is null: read as absent,
            // which is all it can mean.
            let isEmptyMap = !required && child.value == .null
            context.error(
                "structure.type", "'\(key)' must be an object, found \(child.kindDescription)", at: child,
                blocksVerification: !isEmptyMap)
            return nil
        }
        return child
    }

    /// The elements of the member `key`, an array; a `$ref` written in its place is followed.
    func array(_ key: String) -> [SourceNode]? {
        guard let written = child(key), let child = context.dereference(written, expecting: "'\(key)' list") else {
            return nil
        }
        guard child.value.isArray else {
            context.error("structure.type", "'\(key)' must be an array, found \(child.kindDescription)", at: child)
            return nil
        }
        return child.elements
    }

    func stringArray(_ key: String) -> [String]? {
        // Read in place when every element is a string (a node and a pointer per element were made
        // only to be thrown away); otherwise through nodes, for the messages.
        if case .array(let values)? = value(key) {
            var strings: [String] = []
            strings.reserveCapacity(values.count)
            for value in values {
                guard case .string(let text) = value else { break }
                strings.append(text)
            }
            if strings.count == values.count { return strings }
        }
        guard let elements = array(key) else { return nil }
        return elements.compactMap { element in
            guard case .string(let text) = element.value else {
                context.error(
                    "structure.type", "'\(key)' must hold strings, found \(element.kindDescription)", at: element)
                return nil
            }
            return text
        }
    }

    func exclusive(_ first: String, _ second: String) {
        if has(first), has(second), let node = child(second) {
            context.error("structure.exclusive", "a \(kind) may have '\(first)' or '\(second)', not both", at: node)
        }
    }
}

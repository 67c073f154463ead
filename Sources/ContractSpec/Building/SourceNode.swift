import ContractJSON

/// A value of a contract file together with where it stands: the file and its JSON pointer.
struct SourceNode {
    let file: ContractFile
    let pointer: JSONPointer
    let value: JSONValue
    /// `uri#pointer` when the node was reached through a `$ref` (or is a component that `$ref`s may
    /// reach): builders memoize by it, so a shared component is built, and its problems reported, once.
    var referenceKey: String?

    init(file: ContractFile, pointer: JSONPointer, value: JSONValue, referenceKey: String? = nil) {
        self.file = file
        self.pointer = pointer
        self.value = value
        self.referenceKey = referenceKey
    }

    /// This node, keyed as a `$ref` to it would be.
    var keyed: SourceNode {
        var copy = self
        copy.referenceKey = file.uri + "#" + pointer.description
        return copy
    }

    /// The member `key` of this object, as a node.
    func child(_ key: String) -> SourceNode? {
        guard let value = value[key] else { return nil }
        return SourceNode(file: file, pointer: pointer.appending(key), value: value)
    }

    /// The elements of this array, as nodes.
    var elements: [SourceNode] {
        guard case .array(let array) = value else { return [] }
        return array.enumerated().map {
            SourceNode(file: file, pointer: pointer.appending($0.offset), value: $0.element)
        }
    }

    /// The members of this object, as (key, node) pairs in document order.
    var members: [(key: String, node: SourceNode)] {
        guard case .object(let object) = value else { return [] }
        return object.members.map {
            ($0.key, SourceNode(file: file, pointer: pointer.appending($0.key), value: $0.value))
        }
    }

    var location: SourceLocation { file.location(of: pointer) }

    /// A short description of the value's type for messages ("a string", "the number 3").
    var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool(let bool): "the boolean \(bool)"
        case .number(let number): "the number \(number.text)"
        case .string(let string): "the string '\(string.count > 40 ? String(string.prefix(40)) + "…" : string)'"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

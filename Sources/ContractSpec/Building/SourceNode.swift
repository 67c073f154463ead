import ContractJSON

/// A value of a contract file together with where it stands: the file, its JSON pointer and its
/// source position.
///
/// A class: the builders hand nodes around (into readers, tuples, optionals and memo closures) far more
/// often than they make them, and copying the struct it was (file, pointer, value and key, five
/// reference counts and a switch over the value) was 5% of loading a contract; a copy is one now.
final class SourceNode {
    let file: ContractFile
    let pointer: JSONPointer
    let value: JSONValue
    /// Where the value is written: its key's position, else the nearest enclosing one (as
    /// `JSONPointer.position(in:)` finds it). Carried from parent to child, because walking the file
    /// from its root again for every model element was a tenth of loading a large contract.
    let position: SourcePosition
    /// `uri#pointer` when the node was reached through a `$ref` (or is a component that `$ref`s may
    /// reach): builders memoize by it, so a shared component is built, and its problems reported, once.
    let referenceKey: String?

    /// A node for the value at `pointer`, found in the file (for roots and `$ref` targets).
    convenience init(file: ContractFile, pointer: JSONPointer, value: JSONValue, referenceKey: String? = nil) {
        self.init(
            file: file, pointer: pointer, value: value, position: pointer.position(in: file.root),
            referenceKey: referenceKey)
    }

    /// A node whose position is already known (a cached `$ref` resolution's).
    init(
        file: ContractFile, pointer: JSONPointer, value: JSONValue, position: SourcePosition,
        referenceKey: String? = nil
    ) {
        self.file = file
        self.pointer = pointer
        self.value = value
        self.position = position
        self.referenceKey = referenceKey
    }

    /// The node a resolved `$ref` names.
    convenience init(_ target: ResolvedReference) {
        self.init(
            file: target.file, pointer: target.pointer, value: target.value, position: target.position,
            referenceKey: target.key)
    }

    /// This node, keyed as a `$ref` to it would be.
    var keyed: SourceNode {
        // Sized once: `uri + "#" + pointer` regrew the string at each step.
        let pointerText = pointer.description
        var key = ""
        key.reserveCapacity(file.uri.utf8.count + 1 + pointerText.utf8.count)
        key += file.uri
        key += "#"
        key += pointerText
        return SourceNode(file: file, pointer: pointer, value: value, position: position, referenceKey: key)
    }

    /// The member `key` of this object, as a node.
    func child(_ key: String) -> SourceNode? {
        guard case .object(let object) = value, let offset = object.offset(of: key) else { return nil }
        return node(for: object.members[offset])
    }

    /// The elements of this array, as nodes.
    var elements: [SourceNode] {
        guard case .array(let array) = value else { return [] }
        return array.enumerated().map { offset, element in
            let start = element.objectValue?.position ?? .unknown
            return SourceNode(
                file: file, pointer: pointer.appending(offset), value: element,
                position: start.isKnown ? start : position)
        }
    }

    /// The members of this object, as (key, node) pairs in document order.
    var members: [(key: String, node: SourceNode)] {
        guard case .object(let object) = value else { return [] }
        return object.members.map { ($0.key, node(for: $0)) }
    }

    /// The members of this object, each given to `transform` with its key as a node, the results other than
    /// `nil` in document order, in a list sized once. For the builders' hot maps (`content`, `responses`):
    /// `members` first makes the list of pairs, and `compactMap` over it regrew its result.
    func compactMapMembers<T>(_ transform: (_ key: String, _ node: SourceNode) -> T?) -> [T] {
        guard case .object(let object) = value else { return [] }
        var results: [T] = []
        results.reserveCapacity(object.count)
        for offset in object.members.indices {
            if let result = transform(object.members[offset].key, node(for: object.members[offset])) {
                results.append(result)
            }
        }
        return results
    }

    /// A member of this object (as `members` lists them), as a node.
    func child(_ member: JSONObject.Member) -> SourceNode {
        node(for: member)
    }

    private func node(for member: JSONObject.Member) -> SourceNode {
        SourceNode(
            file: file, pointer: pointer.appending(member.key), value: member.value,
            position: member.position.isKnown ? member.position : position)
    }

    var location: SourceLocation { SourceLocation(file: file.displayPath, position: position) }

    /// A short description of the value's type for messages ("a string", "the number 3").
    var kindDescription: String { Self.describe(value) }

    /// A value in words, for messages: its kind, and a short value's text.
    static func describe(_ value: JSONValue) -> String {
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

import CYaml
import ContractJSON

/// Turns libyaml events into one `JSONValue`, keeping an explicit stack of open collections.
struct YAMLComposer {
    private enum Frame {
        case sequence(elements: [JSONValue], anchor: String?, size: Int)
        case mapping(Mapping)
    }

    private struct Mapping {
        var members: [JSONObject.Member] = []
        var position: SourcePosition
        var anchor: String?
        var size = 1
        var pendingKey: (text: String, position: SourcePosition)?
        /// Key → line, kept once a mapping is large enough that scanning its members would cost.
        var index: [String: UInt32]?
    }

    let path: String
    private var budget: Int
    private var stack: [Frame] = []
    private var anchors: [String: (value: JSONValue, size: Int)] = [:]
    private var documents = 0
    private(set) var result: JSONValue?

    init(path: String, expansionBudget: Int) {
        self.path = path
        self.budget = expansionBudget
    }

    mutating func consume(_ event: yaml_event_t) throws(LoadFailure) {
        let position = SourcePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw fail("the file holds more than one YAML document; a contract is one document", at: position)
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            let tag = scalar.tag.map { String(cString: $0) }
            if case .mapping(let mapping) = stack.last, mapping.pendingKey == nil {
                if text == "<<", scalar.style == YAML_PLAIN_SCALAR_STYLE, tag == nil {
                    throw fail("YAML merge keys (<<) are not part of YAML 1.2; write the members out", at: position)
                }
                try beginMember(key: text, at: position)
                return
            }
            let value = Self.resolve(text, tag: tag, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
            try add(value, size: 1, anchor: scalar.anchor.map { String(cString: $0) }, at: position)
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            guard let anchored = anchors[name] else { throw fail("alias *\(name) names no anchor", at: position) }
            if case .mapping(let mapping) = stack.last, mapping.pendingKey == nil {
                guard case .string(let key) = anchored.value else {
                    throw fail(
                        "a mapping key must be a plain value, not a collection; JSON has string keys only", at: position
                    )
                }
                try beginMember(key: key, at: position)
                return
            }
            try add(anchored.value, size: anchored.size, anchor: nil, at: position)
        case YAML_SEQUENCE_START_EVENT:
            try checkNotKey(at: position)
            try push(
                .sequence(elements: [], anchor: event.data.sequence_start.anchor.map { String(cString: $0) }, size: 1),
                at: position)
        case YAML_MAPPING_START_EVENT:
            try checkNotKey(at: position)
            let anchor = event.data.mapping_start.anchor.map { String(cString: $0) }
            try push(.mapping(Mapping(position: position, anchor: anchor)), at: position)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .sequence(let elements, let anchor, let size):
                try add(.array(elements), size: size, anchor: anchor, at: position)
            case .mapping(let mapping):
                try add(
                    .object(JSONObject(members: mapping.members, position: mapping.position)), size: mapping.size,
                    anchor: mapping.anchor, at: position)
            }
        default:
            break
        }
    }

    private mutating func push(_ frame: Frame, at position: SourcePosition) throws(LoadFailure) {
        if stack.count >= YAMLReader.maximumDepth {
            throw fail("nesting deeper than \(YAMLReader.maximumDepth) levels; flatten the document", at: position)
        }
        stack.append(frame)
    }

    private func checkNotKey(at position: SourcePosition) throws(LoadFailure) {
        if case .mapping(let mapping) = stack.last, mapping.pendingKey == nil {
            throw fail("a mapping key must be a plain value, not a collection; JSON has string keys only", at: position)
        }
    }

    private mutating func beginMember(key: String, at position: SourcePosition) throws(LoadFailure) {
        guard case .mapping(var mapping) = stack.removeLast() else { return }
        let earlier: UInt32?
        if let index = mapping.index {
            earlier = index[key]
        } else {
            earlier = mapping.members.first { $0.key == key }?.position.line
        }
        if let earlier {
            throw fail(
                "duplicate key '\(key)' in a mapping: first at line \(earlier), again at line \(position.line); keys must be unique, "
                    + "remove or rename one", at: position)
        }
        mapping.pendingKey = (key, position)
        stack.append(.mapping(mapping))
    }

    /// Adds a finished value to the open collection, or makes it the document.
    private mutating func add(_ value: JSONValue, size: Int, anchor: String?, at position: SourcePosition)
        throws(LoadFailure)
    {
        budget -= size
        if budget < 0 {
            throw fail(
                "aliases expand this YAML far beyond the size of the file (an alias bomb?); write the parts out or use $ref",
                at: position)
        }
        if let anchor { anchors[anchor] = (value, size) }
        guard let top = stack.popLast() else {
            result = value
            return
        }
        switch top {
        case .sequence(var elements, let sequenceAnchor, let total):
            elements.append(value)
            stack.append(.sequence(elements: elements, anchor: sequenceAnchor, size: total + size))
        case .mapping(var mapping):
            guard let key = mapping.pendingKey else {
                stack.append(.mapping(mapping))
                return
            }
            mapping.members.append(JSONObject.Member(key: key.text, value: value, position: key.position))
            mapping.pendingKey = nil
            mapping.size += size
            if mapping.index != nil {
                mapping.index?[key.text] = key.position.line
            } else if mapping.members.count >= 12 {
                mapping.index = Dictionary(
                    mapping.members.map { ($0.key, $0.position.line) }, uniquingKeysWith: { first, _ in first })
            }
            stack.append(.mapping(mapping))
        }
    }

    /// YAML 1.2 core schema: quoted scalars are strings, plain ones resolve; explicit standard tags win.
    private static func resolve(_ text: String, tag: String?, plain: Bool) -> JSONValue {
        switch tag {
        case nil, "!":
            return plain && tag == nil ? YAMLCoreSchema.resolvePlain(text) : .string(text)
        case "tag:yaml.org,2002:str":
            return .string(text)
        case "tag:yaml.org,2002:null":
            return .null
        case "tag:yaml.org,2002:bool":
            return YAMLCoreSchema.resolvePlain(text.lowercased())
        case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
            return YAMLCoreSchema.isCoreNumber(text) ? .number(JSONNumber(text: text)) : .string(text)
        default:
            return plain ? YAMLCoreSchema.resolvePlain(text) : .string(text)
        }
    }

    private func fail(_ message: String, at position: SourcePosition) -> LoadFailure {
        LoadFailure(message: message, location: SourceLocation(file: path, position: position))
    }
}

import ContractJSON
import ContractSchema

/// Walks every schema the builders found (and every schema their `$ref`s reach) once, checking
/// that `$ref`s resolve, that no `$ref` chain loops without reaching a schema, that `type` names
/// real types, and warning about unknown formats and `required` names with no property.
struct SchemaChecks {
    static let knownFormats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri",
        "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer", "relative-json-pointer",
        "regex",
        "int32", "int64", "float", "double", "byte", "binary", "password",
    ]
    static let types: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
    /// `knownFormats` and `types` as byte tables, which every schema with a `format` or `type` asks: the
    /// sets hashed each name with SipHash. (No name holds K, ; or `, so the tables answer as the sets do.)
    private static let formatTable = KeywordTable(Array(knownFormats))
    private static let typeTable = KeywordTable(Array(types))

    let context: BuildContext

    func run(root: SourceNode) {
        var visited = Visited()
        var path = SchemaPath()
        // Component schemas carry their key, so a `$ref` reaching them later finds them visited.
        for schema in context.schemaRoots
        where schema.referenceKey == nil || visited.targets.insert(Visit(schema.file, schema.pointer)).inserted {
            path.start(at: schema)
            walk(
                schema.value, at: schema.position, path: &path, underIdentifier: false, inComposition: false,
                visited: &visited, depth: 0)
        }
        reportDroppedNullable()
    }

    /// A schema the walk has reached through a root or a `$ref`: its file and pointer. Set members, in
    /// place of the `uri#pointer` strings they stand for: hashing one of those (SipHash over a long
    /// URI) cost more than following the `$ref` that led to it.
    private struct Visit: Hashable {
        let file: ObjectIdentifier
        /// The pointer's digest, compared (and hashed) first: probing the set read every probed pointer's
        /// tokens otherwise, a cache miss each in a large contract.
        let digest: UInt64
        let pointer: JSONPointer

        init(_ file: ContractFile, _ pointer: JSONPointer) {
            self.file = ObjectIdentifier(file)
            self.digest = pointer.digest
            self.pointer = pointer
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(digest)
        }
    }

    /// What the walk has met: schemas reached through roots and `$ref`s, and the `$ref`s that reached them.
    private struct Visited {
        var targets: Set<Visit> = []
        var references: Set<FollowedReference> = []
        /// Where the chain of bare `$ref`s that starts at a target (by its key) ends, once followed: each
        /// schema of a long chain is also a root, and following the rest of the chain again from every one
        /// of them made a chain of n references cost n² hops.
        var chainEnds: [String: ChainEnd] = [:]
    }

    /// The end of a chain of bare `$ref`s: the schema it reaches, a `$ref` that does not resolve (reported
    /// once, where it is written), or a loop that closes after `links` more references (reported at each
    /// `$ref` that leads into it).
    private enum ChainEnd {
        case schema(SourceNode)
        case unresolved
        case loop(links: Int)
    }

    /// A `$ref` the walk has followed, and whether siblings end its chain (which decides the target), so
    /// that it is followed once: Discord writes two thousand `$ref`s to five hundred schemas, and resolving
    /// each (its pointer parsed, its target found from the file's root) was a third of the walk.
    private struct FollowedReference: Hashable {
        let reference: WrittenReference
        let endingChain: Bool

        init?(_ value: JSONValue, in file: ContractFile?, endingChain: Bool) {
            guard let file, let reference = WrittenReference(value, in: file) else { return nil }
            self.reference = reference
            self.endingChain = endingChain
        }
    }

    /// Where the walk stands: the file, and the pointer, spelled only for a message or an annotated schema.
    private struct SchemaPath {
        private(set) var file: ContractFile?
        private var pointer = PendingPointer()

        mutating func start(at node: SourceNode) {
            file = node.file
            pointer.restart(at: node.pointer)
        }

        mutating func push(_ token: String) { pointer.push(token) }

        mutating func pop() { pointer.pop() }

        /// The node for `value` where the path stands.
        func node(_ value: JSONValue, at position: SourcePosition) -> SourceNode? {
            guard let file else { return nil }
            return SourceNode(file: file, pointer: pointer.pointer, value: value, position: position)
        }
    }

    /// Walks one schema tree. Trees are finite, so only the roots and `$ref` targets are remembered
    /// as visited: that stops cycles, and it keeps hashing off every node. `inComposition`: the schema
    /// is a branch of `allOf`/`anyOf`/`oneOf`, whose `required` may name properties a sibling defines.
    private func walk(
        _ value: JSONValue, at position: SourcePosition, path: inout SchemaPath, underIdentifier: Bool,
        inComposition: Bool, visited: inout Visited, depth: Int
    ) {
        guard case .object(var object) = value, depth < 200 else { return }
        // Made only when something is reported, or kept for the example checks.
        var node: SourceNode? { path.node(value, at: position) }
        var keys = SchemaKeywords(object)
        let scoped = underIdentifier || keys[.id] != nil
        if !scoped, EnclosingDefinitions.mayApply(to: object), let node,
            let rewrite = EnclosingDefinitions.rewriting(object, at: node)
        {
            // Walked as it will be written, so that its targets are checked in this pass.
            context.noteEnclosingDefinitions(rewrite)
            object = rewrite.replacement
            keys = SchemaKeywords(object)
        }
        if let reference = keys[.ref]?.value, !scoped {
            let followed = FollowedReference(
                reference, in: path.file, endingChain: !context.version.usesDraft4Schemas && object.count > 1)
            // A `$ref` followed before without a problem leads where it led then, a target walked already.
            if followed.map({ !visited.references.contains($0) }) ?? true,
                let target = followReference(
                    reference, in: object, at: position, path: path, chainEnds: &visited.chainEnds)
            {
                if let followed { visited.references.insert(followed) }
                if visited.targets.insert(Visit(target.file, target.pointer)).inserted {
                    var targetPath = SchemaPath()
                    targetPath.start(at: target)
                    walk(
                        target.value, at: target.position, path: &targetPath, underIdentifier: false,
                        inComposition: false, visited: &visited, depth: depth + 1)
                }
            }
            // In 3.0 and 2.0 the siblings of $ref are ignored, so there is nothing else to check here.
            if context.version.usesDraft4Schemas { return }
        }
        if let typeMember = keys[.type] { checkType(typeMember) { node } }
        if context.collectsAnnotatedSchemas,
            keys[.defaultValue] != nil || keys[.example] != nil || keys[.examples] != nil,
            let node
        {
            context.annotatedSchemas.append(node)
        }
        // The warnings spell the schema's place (its pointer), so they are looked for only when kept.
        if context.collectsWarnings {
            if let member = keys[.format], let format = member.value.stringValue, Self.formatTable[format] == nil,
                let node
            {
                context.warning(
                    "schema.format-unknown", "unknown format '\(format)' is not checked", at: node.child(member))
            }
            if !inComposition { checkRequired(keys) { node } }
            if context.version.usesDraft4Schemas, let member = keys[.nullable], member.value.boolValue == true,
                keys[.type] == nil, let node
            {
                let nullable = node.child(member)
                context.warning(
                    "schema.nullable-ignored",
                    context.nullable == .strict
                        ? "nullable: true has no effect without 'type' in the same schema (OAS 3.0.3); null is rejected here unless another keyword allows it"
                        : "nullable: true without 'type' in the same schema: null is accepted here, but OAS 3.0.3 read literally gives nullable no effect, and tools that read it so reject null; add 'type' for portability",
                    at: nullable)
            }
            if !context.version.usesDraft4Schemas, let member = keys[.nullable], member.value.boolValue == true,
                let node
            {
                // The warning stands at the earliest in its file, whatever order the walk met them in.
                let place = node.child(member)
                if let dropped = context.droppedNullable {
                    let earlier = place.file === dropped.first.file && place.position < dropped.first.position
                    context.droppedNullable = (earlier ? place : dropped.first, dropped.count + 1)
                } else {
                    context.droppedNullable = (place, 1)
                }
            }
            if context.version.usesDraft4Schemas, keys[.nullable]?.value.boolValue == true,
                let member = keys[.enumValues], case .array(let values) = member.value, !values.contains(.null),
                let node
            {
                let enumNode = node.child(member)
                context.warning(
                    "schema.nullable-enum",
                    context.nullable == .strict
                        ? "nullable: true, but 'enum' does not list null, so null is rejected (OAS 3.0.3); add null to the enum to allow it"
                        : "nullable: true beside an 'enum' that does not list null: null is accepted here, but OAS 3.0.3 read literally rejects it, as do tools that read it so; add null to the enum for portability",
                    at: enumNode)
            }
        }
        // Children stand at their key's position, or their own `{` in a list, else at this schema's.
        func below(_ member: JSONObject.Member) -> SourcePosition {
            member.position.isKnown ? member.position : position
        }
        keys.forEachSubschema { rank, offset in
            let member = object.members[offset]
            path.push(member.key)
            defer { path.pop() }
            if rank < SchemaKeywords.singleSubschemas.count {
                guard member.value.isObject else { return }
                walk(
                    member.value, at: below(member), path: &path, underIdentifier: scoped, inComposition: false,
                    visited: &visited, depth: depth + 1)
            } else if rank < SchemaKeywords.singleSubschemas.count + SchemaKeywords.listSubschemas.count {
                guard case .array(let elements) = member.value else { return }
                let composing = member.key == "allOf" || member.key == "anyOf" || member.key == "oneOf"
                for (index, element) in elements.enumerated() {
                    path.push(String(index))
                    defer { path.pop() }
                    let start = element.objectValue?.position ?? .unknown
                    walk(
                        element, at: start.isKnown ? start : below(member), path: &path, underIdentifier: scoped,
                        inComposition: composing, visited: &visited, depth: depth + 1)
                }
            } else {
                guard case .object(var map) = member.value else { return }
                if SchemaMapReference.standsFor(map), let node = path.node(member.value, at: below(member)),
                    let reference = SchemaMapReference.expanding(map, at: node, context: context)
                {
                    // Walked as it will be written, so that the schemas it leads to are checked in this pass.
                    context.noteSchemaMapReference(reference)
                    map = reference.expansion
                }
                for entry in map.members where entry.value.isObject {
                    path.push(entry.key)
                    defer { path.pop() }
                    walk(
                        entry.value, at: entry.position.isKnown ? entry.position : below(member), path: &path,
                        underIdentifier: scoped, inComposition: false, visited: &visited, depth: depth + 1)
                }
            }
        }
    }

    /// Resolves a schema `$ref` written in `object` (where `path` stands), following chains of bare
    /// `$ref`s; reports dead ends and loops, once per chain. `chainEnds` remembers where each target's
    /// chain ends, so every link is followed once however many roots lead into the chain.
    private func followReference(
        _ reference: JSONValue, in object: JSONObject, at position: SourcePosition, path: SchemaPath,
        chainEnds: inout [String: ChainEnd]
    ) -> SourceNode? {
        // The referring schema as a node, for messages only.
        var referrer: SourceNode? { path.node(.object(object), at: position) }
        guard case .string(let text) = reference else {
            if let referrer {
                context.error("schema.ref", "$ref must be a string", at: referrer.child("$ref") ?? referrer)
            }
            return nil
        }
        // Plain-name fragments are $anchor references: the schema engine resolves them.
        if Self.namesAnchor(text) { return nil }
        guard let file = path.file else { return nil }
        var current: SourceNode?
        // The keys of the targets met after the first `$ref`, in order (a chain's loop is a target met again).
        var targets: [String] = []
        var met: Set<String> = []
        var key: String?
        var next = text
        var from = file
        var written = object
        // Every target met is remembered as ending where this chain ends.
        func finish(_ end: ChainEnd) -> SourceNode? {
            for (index, target) in targets.enumerated() {
                if case .loop(let links) = end {
                    chainEnds[target] = .loop(links: targets.count - index + links)
                } else {
                    chainEnds[target] = end
                }
            }
            if case .schema(let node) = end { return node }
            return nil
        }
        // A loop `links` references past the last target met.
        func loop(closingAfter links: Int) -> SourceNode? {
            // The targets plus the referring schema: the links of the loop.
            let total = targets.count + links + 1
            if let referrer {
                context.error(
                    "ref.cycle",
                    "circular $ref chain with no schema in between: "
                        + (total > 1 ? "\(total) refs loop" : "a $ref to itself"),
                    at: referrer.child("$ref") ?? referrer)
            }
            return finish(.loop(links: links))
        }
        while true {
            if let key {
                switch chainEnds[key] {
                case .schema(let node)?: return finish(.schema(node))
                case .unresolved?: return finish(.unresolved)
                case .loop(let links)?: return loop(closingAfter: links)
                case nil: break
                }
                if !met.insert(key).inserted { return loop(closingAfter: 0) }
                targets.append(key)
            }
            switch ReferenceResolver.resolve(next, from: from, in: context.workspace) {
            case .success(let target):
                current = SourceNode(
                    file: target.file, pointer: target.pointer, value: target.value, position: target.position)
                key = target.key
            case .failure(let problem):
                if let at = current ?? referrer {
                    context.error(problem.code, problem.message, at: at.child("$ref") ?? at)
                }
                return finish(.unresolved)
            }
            // A $ref with siblings is a schema of its own in 2020-12: the chain ends there.
            if !context.version.usesDraft4Schemas, written.count > 1 { break }
            guard let target = current, case .object(let targetObject) = target.value,
                case .string(let following)? = targetObject["$ref"]
            else { break }
            next = following
            from = target.file
            written = targetObject
        }
        guard let current else { return nil }
        return finish(.schema(current))
    }

    /// Whether the `$ref` text's fragment is a plain name (`#node`, an `$anchor`) rather than a pointer.
    /// Read as bytes: `#`, `/` and `%` are ASCII, and a `Character` search was a tenth of following a `$ref`.
    static func namesAnchor(_ reference: String) -> Bool {
        var bytes = reference.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "#") else { continue }
            guard let first = bytes.next() else { return false }
            return first != UInt8(ascii: "/") && first != UInt8(ascii: "%")
        }
        return false
    }

    /// `node` makes the schema's node, for a message: most types are fine, and it is made only then.
    private func checkType(_ typeMember: JSONObject.Member, node: () -> SourceNode?) {
        func report(blocksVerification: Bool = true, _ message: (SourceNode) -> String) {
            guard let typeNode = node()?.child(typeMember) else { return }
            context.error("schema.type", message(typeNode), at: typeNode, blocksVerification: blocksVerification)
        }
        switch typeMember.value {
        case .string(let name):
            if Self.typeTable[name] == nil {
                report { _ in "'\(name)' is not a JSON Schema type (\(Self.types.sorted().joined(separator: ", ")))" }
            } else if name == "null", context.version.usesDraft4Schemas, context.version != .swagger2 {
                // Read as JSON Schema reads it (the value null), as the 3.1 documents it is often copied from mean.
                report(blocksVerification: false) { _ in
                    "OpenAPI \(context.version) has no 'null' type; write 'nullable: true' beside the other "
                        + "type, or declare the document 'openapi: 3.1.0'"
                }
            }
        // Swagger 2.0 takes a Schema Object's `type` from JSON Schema draft 4, which allows a list (its own
        // meta-schema says so); OpenAPI 3.0 allows only one name.
        case .array(let names) where !context.version.usesDraft4Schemas || context.version == .swagger2:
            for name in names where name.stringValue.flatMap({ Self.typeTable[$0] }) == nil {
                let listed = name.stringValue.map { "'\($0)'" } ?? SourceNode.describe(name)
                report { _ in
                    "'type' lists \(listed), which is not a JSON Schema type (\(Self.types.sorted().joined(separator: ", ")))"
                }
            }
        default:
            let expected =
                context.version.usesDraft4Schemas && context.version != .swagger2
                ? "a string" : "a string or an array of strings"
            report { "'type' must be \(expected), found \($0.kindDescription)" }
        }
    }

    /// `node` makes the schema's node, for a message.
    private func checkRequired(_ keys: SchemaKeywords, node: () -> SourceNode?) {
        guard let required = keys[.required], case .array(let names) = required.value,
            case .object(let properties)? = keys[.properties]?.value, !keys.composes
        else { return }
        for case .string(let name) in names where !properties.contains(name) {
            guard let node = node() else { return }
            context.warning(
                "schema.required-undefined", "required property '\(name)' is not defined in 'properties'",
                at: node.child(required))
        }
    }
}

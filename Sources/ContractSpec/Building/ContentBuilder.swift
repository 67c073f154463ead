import ContractJSON

/// Builds request bodies, responses and media types (3.x).
struct ContentBuilder {
    let context: BuildContext
    var version: Spec.Version { context.version }

    func buildRequestBody(_ node: SourceNode) -> Spec.RequestBody? {
        context.build(node, kind: "Request Body Object") { target in
            let reader = ObjectReader(target, kind: "Request Body Object", context: context)
            reader.checkFields(FieldTables.requestBody)
            let content = reader.object("content", required: true).map(buildContent) ?? []
            return Spec.RequestBody(
                required: reader.bool("required") ?? false, content: content, location: target.location)
        }
    }

    func buildContent(_ node: SourceNode) -> [Spec.MediaType] {
        node.compactMapMembers { name, mediaNode in
            if !MediaTypeSyntax.isValid(name) {
                context.warning(
                    "content.media-type", "'\(name)' is not a media type or range (type/subtype)", at: mediaNode)
            }
            guard var mediaType = context.build(mediaNode, kind: "Media Type Object", buildMediaType) else {
                return nil
            }
            mediaType.name = name
            return mediaType
        }
    }

    private func buildMediaType(_ target: SourceNode) -> Spec.MediaType? {
        let reader = ObjectReader(target, kind: "Media Type Object", context: context)
        reader.checkFields(context.fields.mediaType)
        var encodings: [String: Spec.Encoding] = [:]
        for (property, encodingNode) in reader.object("encoding")?.members ?? [] {
            let encodingReader = ObjectReader(encodingNode, kind: "Encoding Object", context: context)
            encodingReader.checkFields(context.fields.encoding)
            encodings[property] = Spec.Encoding(
                contentType: encodingReader.string("contentType"),
                headers: ParameterBuilder(context: context).buildHeaders(encodingReader.object("headers")),
                style: encodingReader.oneOf("style", ["form", "spaceDelimited", "pipeDelimited", "deepObject"]),
                explode: encodingReader.bool("explode"), allowReserved: encodingReader.bool("allowReserved") ?? false)
        }
        let itemSchema = version.is32 ? reader.child("itemSchema").flatMap(SchemaReader(context: context).read) : nil
        return Spec.MediaType(
            name: target.pointer.lastToken ?? "",
            schema: reader.child("schema").flatMap { SchemaReader(context: context).read($0) }, itemSchema: itemSchema,
            examples: ExampleReader(context: context).read(reader), encoding: encodings, location: target.location)
    }

    func buildResponses(_ node: SourceNode) -> [Spec.Response] {
        node.compactMapMembers { key, responseNode in
            if key.isSpecificationExtension { return nil }
            guard let status = Spec.ResponseStatus(key) else {
                context.error(
                    "responses.status", "'\(key)' is not a status code: use 100–599, a range such as 4XX, or default",
                    at: responseNode)
                return nil
            }
            return buildResponse(responseNode, status: status)
        }
    }

    /// Builds a response once per target; the status comes from the key that refers to it.
    func buildResponse(_ responseNode: SourceNode, status: Spec.ResponseStatus) -> Spec.Response? {
        var response = context.build(responseNode, kind: "Response Object") { target in
            let reader = ObjectReader(target, kind: "Response Object", context: context)
            reader.checkFields(context.fields.response)
            let description = version.is32 ? reader.string("description") : reader.string("description", required: true)
            for (_, link) in reader.object("links")?.members ?? [] {
                LinkReader(context: context).check(link)
            }
            return Spec.Response(
                status: status, description: description ?? "",
                headers: ParameterBuilder(context: context).buildHeaders(reader.object("headers")),
                content: reader.object("content").map(buildContent) ?? [], location: target.location)
        }
        response?.status = status
        return response
    }
}

/// Checks Link Objects.
struct LinkReader {
    let context: BuildContext

    func check(_ node: SourceNode) {
        _ = context.build(node, kind: "Link Object") { target -> Bool? in
            let reader = ObjectReader(target, kind: "Link Object", context: context)
            reader.checkFields(FieldTables.link)
            reader.exclusive("operationRef", "operationId")
            return true
        }
    }
}

/// Reads `example` and `examples` of parameters, headers and media types.
struct ExampleReader {
    let context: BuildContext

    /// The kind of place of a `$ref` written as an example's whole value, in the `ref.placement` warning.
    static let valueKind = "example value"

    /// An example's value written as `{$ref: examples/pet.json}`: the specification reads it as literal
    /// data, but descriptions that keep their examples in files of their own mean the file, and Redocly and
    /// swagger-parser read it so. It is followed when it resolves (with the loader's `ref.placement`
    /// warning). One that does not is left out with a warning that says why: as literal data it would only
    /// be reported again as not matching its schema, and never be served.
    private func followingReference(_ node: SourceNode) -> SourceNode? {
        guard case .object(let object) = node.value, object.count == 1, case .string(let text)? = object["$ref"]
        else { return node }
        switch ReferenceResolver.resolve(text, from: node.file, in: context.workspace) {
        case .success(let target):
            context.noteReferencePlacement(node, kind: Self.valueKind)
            return SourceNode(target)
        case .failure(let problem):
            context.warning(
                "example.ref",
                "the example's value is a $ref, read as the file or value it names, but \(problem.message); "
                    + "the example is left out",
                at: node.child("$ref") ?? node)
            return nil
        }
    }

    func read(_ reader: ObjectReader) -> [Spec.Example] {
        reader.exclusive("example", "examples")
        var examples: [Spec.Example] = []
        if let written = reader.child("example"), let single = followingReference(written) {
            examples.append(
                Spec.Example(
                    name: "example", summary: nil, value: single.value, location: single.location,
                    pointer: single.pointer))
        }
        for (name, node) in reader.object("examples")?.members ?? [] {
            guard var example = context.build(node, kind: "Example Object", readExample) else { continue }
            example.name = name
            examples.append(example)
        }
        return examples
    }

    /// Reads one Example Object, a component or inline.
    func readExample(_ target: SourceNode) -> Spec.Example? {
        let reader = ObjectReader(target, kind: "Example Object", context: context)
        reader.checkFields(context.fields.example)
        reader.exclusive("value", "externalValue")
        let written = target.child("value") ?? target.child("dataValue")
        let value = written.flatMap(followingReference)
        guard written == nil || value != nil else { return nil }
        return Spec.Example(
            name: target.pointer.lastToken ?? "example", summary: reader.string("summary"), value: value?.value,
            location: (value ?? target).location, pointer: (value ?? target).pointer)
    }
}

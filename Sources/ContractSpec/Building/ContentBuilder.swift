import ContractJSON
import Foundation

/// Builds request bodies, responses and media types (3.x).
struct ContentBuilder {
    let context: BuildContext
    var version: Spec.Version { context.version }

    func buildRequestBody(_ node: SourceNode) -> Spec.RequestBody? {
        guard let target = context.dereference(node, expecting: "Request Body Object") else { return nil }
        let reader = ObjectReader(target, kind: "Request Body Object", context: context)
        reader.checkFields(FieldTables.requestBody)
        let content = reader.object("content", required: true).map(buildContent) ?? []
        return Spec.RequestBody(required: reader.bool("required") ?? false, content: content, location: target.location)
    }

    func buildContent(_ node: SourceNode) -> [Spec.MediaType] {
        node.members.compactMap { name, mediaNode in
            guard let target = context.dereference(mediaNode, expecting: "Media Type Object") else { return nil }
            let reader = ObjectReader(target, kind: "Media Type Object", context: context)
            reader.checkFields(FieldTables.mediaType(version))
            if !MediaTypeName.isValid(name) {
                context.warning(
                    "content.media-type", "'\(name)' is not a media type or range (type/subtype)", at: mediaNode)
            }
            var encodings: [String: Spec.Encoding] = [:]
            for (property, encodingNode) in reader.object("encoding")?.members ?? [] {
                let encodingReader = ObjectReader(encodingNode, kind: "Encoding Object", context: context)
                encodingReader.checkFields(FieldTables.encoding(version))
                encodings[property] = Spec.Encoding(
                    contentType: encodingReader.string("contentType"),
                    headers: ParameterBuilder(context: context).buildHeaders(encodingReader.object("headers")),
                    style: encodingReader.oneOf("style", ["form", "spaceDelimited", "pipeDelimited", "deepObject"]),
                    explode: encodingReader.bool("explode"),
                    allowReserved: encodingReader.bool("allowReserved") ?? false)
            }
            return Spec.MediaType(
                name: name, schema: reader.child("schema").flatMap { SchemaReader(context: context).read($0) },
                examples: ExampleReader(context: context).read(reader), encoding: encodings,
                location: mediaNode.location)
        }
    }

    func buildResponses(_ node: SourceNode) -> [Spec.Response] {
        node.members.compactMap { key, responseNode in
            if key.hasPrefix("x-") { return nil }
            guard let status = Spec.ResponseStatus(key) else {
                context.error(
                    "responses.status", "'\(key)' is not a status code: use 100–599, a range such as 4XX, or default",
                    at: responseNode)
                return nil
            }
            return buildResponse(responseNode, status: status)
        }
    }

    func buildResponse(_ responseNode: SourceNode, status: Spec.ResponseStatus) -> Spec.Response? {
        guard let target = context.dereference(responseNode, expecting: "Response Object") else { return nil }
        let reader = ObjectReader(target, kind: "Response Object", context: context)
        reader.checkFields(FieldTables.response(version))
        let description = version.is32 ? reader.string("description") : reader.string("description", required: true)
        for (_, link) in reader.object("links")?.members ?? [] {
            LinkReader(context: context).check(link)
        }
        return Spec.Response(
            status: status, description: description ?? "",
            headers: ParameterBuilder(context: context).buildHeaders(reader.object("headers")),
            content: reader.object("content").map(buildContent) ?? [], location: target.location)
    }
}

/// Checks Link Objects.
struct LinkReader {
    let context: BuildContext

    func check(_ node: SourceNode) {
        guard let target = context.dereference(node, expecting: "Link Object") else { return }
        let reader = ObjectReader(target, kind: "Link Object", context: context)
        reader.checkFields(FieldTables.link)
        reader.exclusive("operationRef", "operationId")
    }
}

/// Reads `example` and `examples` of parameters, headers and media types.
struct ExampleReader {
    let context: BuildContext

    func read(_ reader: ObjectReader) -> [Spec.Example] {
        reader.exclusive("example", "examples")
        var examples: [Spec.Example] = []
        if let single = reader.child("example") {
            examples.append(
                Spec.Example(
                    name: "example", summary: nil, value: single.value, location: single.location,
                    pointer: single.pointer))
        }
        for (name, node) in reader.object("examples")?.members ?? [] {
            guard let target = context.dereference(node, expecting: "Example Object") else { continue }
            let exampleReader = ObjectReader(target, kind: "Example Object", context: context)
            exampleReader.checkFields(FieldTables.example(context.version))
            exampleReader.exclusive("value", "externalValue")
            let value = target.child("value") ?? target.child("dataValue")
            examples.append(
                Spec.Example(
                    name: name, summary: exampleReader.string("summary"), value: value?.value,
                    location: (value ?? target).location, pointer: (value ?? target).pointer))
        }
        return examples
    }
}

/// Media type names: `type/subtype` with optional parameters, or a range (`*/*`, `image/*`).
enum MediaTypeName {
    static func isValid(_ name: String) -> Bool {
        let essence =
            name.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }
}

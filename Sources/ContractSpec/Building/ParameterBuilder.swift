import ContractJSON

/// Builds Parameter and Header Objects (3.x).
struct ParameterBuilder {
    let context: BuildContext
    var version: Spec.Version { context.version }

    func buildList(_ nodes: [SourceNode]?) -> [Spec.Parameter] {
        var seen: [String: SourceNode] = [:]
        var result: [Spec.Parameter] = []
        for node in nodes ?? [] {
            guard let parameter = build(node) else { continue }
            let key =
                parameter.location.rawValue + ":"
                + (parameter.location == .header ? parameter.name.lowercased() : parameter.name)
            // The first declaration is the parameter (Plex's description repeats its client headers in a few
            // operations); a later one is reported and left out, so that requests meet one set of rules.
            if seen[key] != nil {
                context.error(
                    "structure.duplicate-parameter",
                    "parameter '\(parameter.name)' in \(parameter.location.rawValue) is declared twice; the first "
                        + "declaration is used",
                    at: node, blocksVerification: false)
                continue
            }
            seen[key] = node
            result.append(parameter)
        }
        return result
    }

    func build(_ node: SourceNode) -> Spec.Parameter? {
        context.build(node, kind: "Parameter Object", buildResolved)
    }

    private func buildResolved(_ target: SourceNode) -> Spec.Parameter? {
        let reader = ObjectReader(target, kind: "Parameter Object", context: context)
        reader.checkFields(context.fields.parameter)
        let name = reader.string("name", required: true)
        var locations = ["query", "header", "path", "cookie"]
        if version.is32 { locations.append("querystring") }
        let locationText = reader.oneOf("in", locations, required: true)
        guard let name, let locationText, let location = Spec.ParameterLocation(rawValue: locationText) else {
            return nil
        }
        let required = reader.bool("required") ?? false
        if location == .path, !required {
            PathParameterCheck(context: context).reportNotRequired(name, at: target)
        }
        // Every style carries a single string, number or boolean the same way, so a style the location does
        // not allow (Okta writes `style: simple` on query strings) changes nothing for one.
        let style =
            reader.oneOf(
                "style", allowedStyles(for: location), blocksVerification: !Self.isScalar(target.value["schema"]))
            ?? defaultStyle(for: location)
        if reader.has("allowReserved"), location != .query, !(location == .cookie && version.is32),
            let node = reader.child("allowReserved")
        {
            context.report(
                version.isAtLeast31 ? .error : .warning, "parameter.allow-reserved",
                "allowReserved applies only to query parameters", at: node)
        }
        if reader.has("allowEmptyValue"), location != .query, let node = reader.child("allowEmptyValue") {
            context.warning("parameter.allow-empty", "allowEmptyValue applies only to query parameters", at: node)
        }
        let schemaAndContent = SchemaOrContent(context: context, reader: reader, owner: "parameter '\(name)'")
        return Spec.Parameter(
            name: name, location: location, required: location == .path ? true : required, style: style,
            explode: reader.bool("explode") ?? (style == "form" || style == "cookie"),
            allowReserved: reader.bool("allowReserved") ?? false,
            allowEmptyValue: reader.bool("allowEmptyValue") ?? false, deprecated: reader.bool("deprecated") ?? false,
            schema: schemaAndContent.schema, content: schemaAndContent.content, examples: schemaAndContent.examples,
            sourceLocation: target.location)
    }

    /// Whether `schema` is written in place as a string, number, integer or boolean.
    private static func isScalar(_ schema: JSONValue?) -> Bool {
        guard case .object(let object)? = schema, object["$ref"] == nil, case .string(let type)? = object["type"] else {
            return false
        }
        return ["string", "number", "integer", "boolean"].contains(type)
    }

    private func allowedStyles(for location: Spec.ParameterLocation) -> [String] {
        switch location {
        case .path: ["matrix", "label", "simple"]
        case .query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"]
        case .querystring: []
        case .header: ["simple"]
        case .cookie: version.is32 ? ["form", "cookie"] : ["form"]
        }
    }

    private func defaultStyle(for location: Spec.ParameterLocation) -> String {
        switch location {
        case .path, .header: "simple"
        case .query, .cookie, .querystring: "form"
        }
    }

    /// Builds a map of headers; `keyed` when they are components that `$ref`s may reach.
    func buildHeaders(_ node: SourceNode?, keyed: Bool = false) -> [Spec.Header] {
        node?.compactMapMembers { name, header in
            var built = context.build(keyed ? header.keyed : header, kind: "Header Object") {
                buildHeader($0, name: name)
            }
            built?.name = name
            return built
        } ?? []
    }

    private func buildHeader(_ target: SourceNode, name: String) -> Spec.Header? {
        let reader = ObjectReader(target, kind: "Header Object", context: context)
        reader.checkFields(context.fields.header)
        _ = reader.oneOf("style", ["simple"])
        let schemaAndContent = SchemaOrContent(context: context, reader: reader, owner: "header '\(name)'")
        return Spec.Header(
            name: name, required: reader.bool("required") ?? false, schema: schemaAndContent.schema,
            content: schemaAndContent.content, examples: schemaAndContent.examples, location: target.location)
    }
}

/// Parameters and headers carry either a `schema` or a one-entry `content` map, plus examples.
struct SchemaOrContent {
    let schema: Spec.Schema?
    let content: [Spec.MediaType]
    let examples: [Spec.Example]

    init(context: BuildContext, reader: ObjectReader, owner: String) {
        let schemaNode = reader.child("schema")
        let contentNode = reader.object("content")
        if schemaNode != nil, contentNode != nil, let node = reader.child("content") {
            context.error("structure.exclusive", "\(owner) has both 'schema' and 'content'; keep one", at: node)
        } else if schemaNode == nil, contentNode == nil, reader.isObject {
            context.error("structure.required", "\(owner) needs a 'schema' or a 'content'", at: reader.node)
        }
        self.schema = schemaNode.flatMap { SchemaReader(context: context).read($0) }
        let content = contentNode.map { ContentBuilder(context: context).buildContent($0) } ?? []
        if let contentNode, content.count != 1 {
            context.error("structure.content", "\(owner): 'content' must hold exactly one media type", at: contentNode)
        }
        self.content = content
        self.examples = ExampleReader(context: context).read(reader)
    }
}

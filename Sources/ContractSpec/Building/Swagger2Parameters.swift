import ContractJSON

/// Swagger 2.0 parameters: the non-body ones carry their schema keywords inline and a
/// `collectionFormat`; `body` and `formData` ones become the request body.
struct Swagger2Parameters {
    /// Keywords a 2.0 non-body parameter or header shares with a schema.
    static let schemaKeywords = [
        "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength",
        "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf",
    ]
    static let fields = FieldSet(
        schemaKeywords + ["name", "in", "description", "required", "schema", "allowEmptyValue", "collectionFormat"])
    /// What `inlineSchema` keeps: the schema keywords, `$ref` (in `items`) and `x-nullable` (the common 2.0
    /// extension that translation honours). A table: searching the list compared strings per member.
    private static let inlineSchemaKeys = FieldSet(schemaKeywords + ["$ref", "x-nullable"])

    /// A parameter as read, before body and form parameters are folded into a request body.
    struct Read {
        var parameter: Spec.Parameter
        var isBody: Bool
        var isFormData: Bool
        var isFile: Bool
        var node: SourceNode
    }

    let context: BuildContext

    func build(_ node: SourceNode) -> Read? {
        context.build(node, kind: "Parameter Object", buildResolved)
    }

    private func buildResolved(_ target: SourceNode) -> Read? {
        let reader = ObjectReader(target, kind: "Parameter Object", context: context)
        reader.checkFields(Self.fields)
        guard let name = reader.string("name", required: true),
            let place = reader.oneOf("in", ["query", "header", "path", "formData", "body"], required: true)
        else { return nil }
        let required = reader.bool("required") ?? false
        if place == "path", !required {
            PathParameterCheck(context: context).reportNotRequired(name, at: target)
        }
        let schema: Spec.Schema?
        if place == "body" {
            schema = reader.child("schema").flatMap { SchemaReader(context: context).read($0) }
            if schema == nil, reader.isObject, !reader.has("schema") { _ = reader.require("schema") }
        } else {
            if reader.isObject, !reader.has("type") { _ = reader.require("type") }
            schema = Spec.Schema(
                baseURI: target.file.uri, pointer: target.pointer,
                value: context.normalised(Self.inlineSchema(target.value)),
                location: target.location, isSynthesized: true)
        }
        let format = reader.oneOf("collectionFormat", ["csv", "ssv", "tsv", "pipes", "multi"]) ?? "csv"
        let (style, explode) = Self.style(for: format, in: place)
        let location = Spec.ParameterLocation(rawValue: place) ?? .query
        let parameter = Spec.Parameter(
            name: name, location: location, required: place == "path" || required, style: style, explode: explode,
            allowReserved: false, allowEmptyValue: reader.bool("allowEmptyValue") ?? false, deprecated: false,
            schema: schema,
            content: [], examples: [], sourceLocation: target.location)
        return Read(
            parameter: parameter, isBody: place == "body", isFormData: place == "formData",
            isFile: target.value["type"]?.stringValue == "file", node: target)
    }

    /// The schema a non-body parameter describes with its own keywords; `type: file` is a binary string.
    static func inlineSchema(_ value: JSONValue) -> JSONValue {
        guard let object = value.objectValue else { return .object([:]) }
        var schema = JSONObject(members: [], position: object.position)
        for member in object.members where inlineSchemaKeys.contains(member.key) {
            if member.key == "items" {
                schema["items"] = inlineSchema(member.value)
            } else {
                schema[member.key] = member.value
            }
        }
        if schema["type"]?.stringValue == "file" {
            schema["type"] = "string"
            schema["format"] = "binary"
        }
        return .object(schema)
    }

    /// `collectionFormat` in 3.x terms.
    static func style(for collectionFormat: String, in place: String) -> (String, Bool) {
        switch collectionFormat {
        case "multi": ("form", true)
        case "ssv": ("spaceDelimited", false)
        case "pipes": ("pipeDelimited", false)
        case "tsv": ("tabDelimited", false)
        default: (place == "path" || place == "header" ? "simple" : "form", false)
        }
    }

    /// Separates the parameters that stay parameters from the ones that make the request body: the
    /// path's `shared` ones, except those `own` redefines (same name and place), then `own`.
    func requestBody(shared: [Read], own: [Read], consumes: [String], at operation: SourceNode) -> (
        parameters: [Spec.Parameter], body: Spec.RequestBody?
    ) {
        // One pass that copies only the plain parameters out: three filtered lists copied every read
        // (a parameter and a node each), a tenth of building a large 2.0 contract's operations. By
        // offset, because a `for read in reads` loop copies each read too (measured: Kubernetes +1.2%),
        // and over the two lists in place rather than a merged copy of them.
        var plain: [Spec.Parameter] = []
        plain.reserveCapacity(shared.count + own.count)
        var bodies: [Read] = []
        var forms: [Read] = []
        func take(_ offset: Int, of reads: [Read]) {
            if reads[offset].isBody { bodies.append(reads[offset]) }
            if reads[offset].isFormData { forms.append(reads[offset]) }
            if !reads[offset].isBody && !reads[offset].isFormData { plain.append(reads[offset].parameter) }
        }
        // The name and place of each of `own`, read once: comparing through `own[$0].parameter` copied a
        // whole read (its parameter and node) for every pair in a debug build.
        let ownKeys = own.indices.map { (name: own[$0].parameter.name, location: own[$0].parameter.location) }
        for offset in shared.indices {
            let name = shared[offset].parameter.name
            let location = shared[offset].parameter.location
            if !ownKeys.contains(where: { $0.name == name && $0.location == location }) { take(offset, of: shared) }
        }
        for offset in own.indices { take(offset, of: own) }
        if bodies.count > 1 {
            context.error("parameter.body", "an operation may have at most one body parameter", at: bodies[1].node)
        }
        if !bodies.isEmpty, !forms.isEmpty {
            context.error(
                "parameter.body", "an operation cannot have both body and formData parameters", at: forms[0].node)
        }
        if let body = bodies.first {
            let types = consumes.isEmpty ? ["application/json"] : consumes
            let content = types.map {
                Spec.MediaType(
                    name: $0, schema: body.parameter.schema, examples: [], encoding: [:], location: body.node.location)
            }
            return (
                plain,
                Spec.RequestBody(required: body.parameter.required, content: content, location: body.node.location)
            )
        }
        guard !forms.isEmpty else { return (plain, nil) }
        var properties = JSONObject()
        var required: [JSONValue] = []
        for form in forms {
            properties[form.parameter.name] = form.parameter.schema?.value ?? .object([:])
            if form.parameter.required { required.append(.string(form.parameter.name)) }
        }
        var schemaObject: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schemaObject["required"] = .array(required) }
        let formTypes = consumes.filter(Spec.MediaType.isForm)
        let types =
            formTypes.isEmpty
            ? [forms.contains(where: \.isFile) ? "multipart/form-data" : "application/x-www-form-urlencoded"]
            : formTypes
        let schema = Spec.Schema(
            baseURI: operation.file.uri, pointer: operation.pointer.appending("parameters"),
            value: .object(schemaObject), location: forms[0].node.location, isSynthesized: true)
        let content = types.map {
            Spec.MediaType(name: $0, schema: schema, examples: [], encoding: [:], location: forms[0].node.location)
        }
        return (
            plain, Spec.RequestBody(required: !required.isEmpty, content: content, location: forms[0].node.location)
        )
    }
}

/// The fields each OpenAPI 3.x object allows, by version. The tables are this project's reading
/// of the specifications; anything else that does not start with `x-` is reported.
enum FieldTables {
    static func root(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = [
            "openapi", "info", "servers", "paths", "components", "security", "tags", "externalDocs",
        ]
        if version.isAtLeast31 { fields.formUnion(["jsonSchemaDialect", "webhooks"]) }
        if version.is32 { fields.insert("$self") }
        return fields
    }

    static func info(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["title", "description", "termsOfService", "contact", "license", "version"]
        if version.isAtLeast31 { fields.insert("summary") }
        return fields
    }

    static func license(_ version: Spec.Version) -> Set<String> {
        version.isAtLeast31 ? ["name", "identifier", "url"] : ["name", "url"]
    }

    static let contact = FieldSet(["name", "url", "email"])
    static let server = FieldSet(["url", "description", "variables", "name"])
    static let serverVariable = FieldSet(["enum", "default", "description"])
    static let externalDocs = FieldSet(["description", "url"])

    static func tag(_ version: Spec.Version) -> Set<String> {
        version.is32
            ? ["name", "summary", "description", "externalDocs", "parent", "kind"]
            : ["name", "description", "externalDocs"]
    }

    static func components(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = [
            "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
            "callbacks",
        ]
        if version.isAtLeast31 { fields.insert("pathItems") }
        if version.is32 { fields.insert("mediaTypes") }
        return fields
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func pathItem(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["$ref", "summary", "description", "servers", "parameters"]
        fields.formUnion(methods)
        if version.is32 { fields.formUnion(["query", "additionalOperations"]) }
        return fields
    }

    static let operation = FieldSet([
        "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses",
        "callbacks",
        "deprecated", "security", "servers",
    ])

    static func parameter(_ version: Spec.Version) -> Set<String> {
        [
            "name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode",
            "allowReserved", "schema",
            "example", "examples", "content",
        ]
    }

    static func header(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = [
            "description", "required", "deprecated", "style", "explode", "schema", "example", "examples", "content",
        ]
        // 3.0 inherited these from the Parameter Object; 3.1 dropped them from headers.
        if !version.isAtLeast31 { fields.formUnion(["allowEmptyValue", "allowReserved"]) }
        return fields
    }

    static let requestBody = FieldSet(["description", "content", "required"])

    static func mediaType(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["schema", "example", "examples", "encoding"]
        if version.is32 { fields.formUnion(["itemSchema", "prefixEncoding", "itemEncoding", "description"]) }
        return fields
    }

    static func encoding(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["contentType", "headers", "style", "explode", "allowReserved"]
        if version.is32 { fields.formUnion(["encoding", "prefixEncoding", "itemEncoding"]) }
        return fields
    }

    static func response(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["description", "headers", "content", "links"]
        if version.is32 { fields.insert("summary") }
        return fields
    }

    static func example(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["summary", "description", "value", "externalValue"]
        if version.is32 { fields.formUnion(["dataValue", "serializedValue"]) }
        return fields
    }

    static let link = FieldSet([
        "operationRef", "operationId", "parameters", "requestBody", "description", "server",
    ])

    static func securityScheme(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = [
            "type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl",
        ]
        if version.is32 { fields.formUnion(["oauth2MetadataUrl", "deprecated"]) }
        return fields
    }

    static func oauthFlow(_ version: Spec.Version) -> Set<String> {
        var fields: Set<String> = ["authorizationUrl", "tokenUrl", "refreshUrl", "scopes"]
        if version.is32 { fields.insert("deviceAuthorizationUrl") }
        return fields
    }
}

extension Spec.Version {
    var isAtLeast31: Bool {
        switch self {
        case .openAPI31, .openAPI32: true
        case .swagger2, .openAPI30: false
        }
    }

    var is32: Bool {
        if case .openAPI32 = self { return true }
        return false
    }
}

/// The field tables for one version, computed once per load rather than once per object.
struct FieldSets {
    let root, info, license, tag, components, pathItem, parameter, header, mediaType, encoding, response, example,
        securityScheme, oauthFlow: FieldSet

    init(_ version: Spec.Version) {
        root = FieldSet(FieldTables.root(version))
        info = FieldSet(FieldTables.info(version))
        license = FieldSet(FieldTables.license(version))
        tag = FieldSet(FieldTables.tag(version))
        components = FieldSet(FieldTables.components(version))
        pathItem = FieldSet(FieldTables.pathItem(version))
        parameter = FieldSet(FieldTables.parameter(version))
        header = FieldSet(FieldTables.header(version))
        mediaType = FieldSet(FieldTables.mediaType(version))
        encoding = FieldSet(FieldTables.encoding(version))
        response = FieldSet(FieldTables.response(version))
        example = FieldSet(FieldTables.example(version))
        securityScheme = FieldSet(FieldTables.securityScheme(version))
        oauthFlow = FieldSet(FieldTables.oauthFlow(version))
    }
}

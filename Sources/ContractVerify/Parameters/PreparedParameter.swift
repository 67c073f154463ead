import ContractJSON
import ContractSchema
import ContractSpec

/// A parameter with everything the verifier needs precomputed: compiled schema, value shape, decoder.
/// A class, so walking an operation's parameters per request copies references, not the fields.
final class PreparedParameter: Sendable {
    let parameter: Spec.Parameter
    /// The schema the decoded value is validated against (the `content` entry's schema for `content`
    /// parameters); `nil` when there is none or it does not compile (lint reports that).
    let schema: CompiledSchema?
    let shape: ValueShape
    let decoder: StyleDecoder
    /// For `content` parameters: the media type the value is written in.
    let contentType: MediaTypeName?
    /// Whether the parameter is written as an exploded object in the query (`form` + `explode`): its
    /// properties then travel as query items of their own names.
    let isExplodedQueryObject: Bool
    /// Whether each array item travels as its own query item (`id=1&id=2`).
    let isRepeatedQueryArray: Bool
    /// A header parameter OpenAPI says to ignore (`Accept`, `Content-Type`, `Authorization`): other
    /// parts of the contract describe those.
    let isIgnoredHeader: Bool
    /// For a parameter whose schema is a union (`anyOf: [{type: array, …}, {type: string, enum: [all]}]`):
    /// the parameter read by each branch's shape, tried when the union's own reading does not validate.
    let branches: [PreparedParameter]

    convenience init(_ parameter: Spec.Parameter, schemas: ContractSchemas, shapes: ShapeBuilder) {
        let media = parameter.schema == nil ? parameter.content.first : nil
        let model = parameter.schema ?? media?.schema
        let shape = shapes.shape(of: model)
        self.init(
            parameter, schema: model.flatMap { try? schemas.compiled($0) }, shape: shape,
            contentType: media.flatMap { MediaTypeName($0.name) }, branches: media == nil ? shape.branches : [])
    }

    private init(
        _ parameter: Spec.Parameter, schema: CompiledSchema?, shape: ValueShape, contentType: MediaTypeName?,
        branches: [ValueShape]
    ) {
        self.parameter = parameter
        self.schema = schema
        self.shape = shape
        self.contentType = contentType
        self.branches = branches.map {
            PreparedParameter(parameter, schema: schema, shape: $0, contentType: contentType, branches: [])
        }
        let location = parameter.location
        // Not a `content` parameter: its value is written in a style.
        let plain = location == .query && (parameter.schema != nil || parameter.content.isEmpty)
        isExplodedQueryObject = plain && parameter.style == "form" && parameter.explode && shape.isObject
        isRepeatedQueryArray =
            plain && parameter.explode && shape.isArray
            && ["form", "spaceDelimited", "pipeDelimited"].contains(parameter.style)
        isIgnoredHeader =
            location == .header && ["accept", "content-type", "authorization"].contains(parameter.name.lowercased())
        self.decoder = StyleDecoder(
            name: parameter.name, style: parameter.style, explode: parameter.explode, shape: shape,
            plusIsSpace: location == .query || location == .querystring,
            percentDecodes: location != .header)
    }

    var name: String { parameter.name }

    var exchangeLocation: ExchangeLocation {
        switch parameter.location {
        case .path: .request(.path(name))
        case .query: .request(.query(name))
        case .querystring: .request(.querystring)
        case .header: .request(.header(name))
        case .cookie: .request(.cookie(name))
        }
    }

    /// The value the schema validates, from the value as decoded (content parameters parse their media type).
    func typedValue(_ decoded: DecodedValue) throws(DecodeFailure) -> JSONValue {
        guard let contentType, contentType.essence != "application/x-www-form-urlencoded" else {
            return decoded.coerced(by: shape)
        }
        guard case .string(let text) = decoded else { return decoded.coerced(by: .any) }
        guard contentType.isJSON else { return .string(text) }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw DecodeFailure(expected: "valid JSON", actual: Excerpt.quoted(text), hint: error.description)
        }
    }
}

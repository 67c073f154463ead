import ContractJSON
import ContractSpec

/// Checks an operation's parameters against one request: presence, style decoding, schema.
struct ParameterVerifier {
    let query: QueryItems
    let rawQuery: String?
    let headers: HTTPHeaders
    let cookies: CookieJar
    let pathValues: [String: Substring]
    /// See `PreparedOperation.namedQueryParameters`.
    let namedQueryParameters: Set<String>

    func verify(_ parameters: [PreparedParameter], into recorder: inout ViolationRecorder) {
        for parameter in parameters {
            verify(parameter, into: &recorder)
        }
    }

    private func verify(_ prepared: PreparedParameter, into recorder: inout ViolationRecorder) {
        let parameter = prepared.parameter
        if prepared.isIgnoredHeader { return }
        let location = prepared.exchangeLocation
        let decoded: DecodedValue?
        do {
            decoded = try value(of: prepared)
        } catch {
            if fitsABranch(prepared) { return }
            recorder.add(
                .parameterMalformed, at: location, source: parameter.sourceLocation, expected: error.expected,
                actual: error.actual, hint: error.hint)
            return
        }
        guard let decoded else {
            // An object sent one item per member sends none when it is empty: a required one whose schema
            // takes the empty object (Typesense's search parameters, none of them required) is there.
            if parameter.required,
                !(prepared.isExplodedQueryObject
                    && prepared.schema?.isValid(.object(JSONObject()), context: .request) == true)
            {
                recorder.add(
                    .parameterMissing, at: location, source: parameter.sourceLocation,
                    expected: "required \(parameter.location.rawValue) parameter '\(parameter.name)'", actual: "none")
            }
            return
        }
        if decoded == .string(""), parameter.allowEmptyValue { return }
        let value: JSONValue
        do {
            value = try prepared.typedValue(decoded)
        } catch {
            recorder.add(
                .parameterMalformed, at: location, source: parameter.sourceLocation, expected: error.expected,
                actual: error.actual, hint: error.hint)
            return
        }
        guard let schema = prepared.schema else { return }
        let errors = schema.validate(value, context: .request)
        if !errors.isEmpty, !fitsABranch(prepared) {
            recorder.add(.parameterSchema, at: location, errors: errors, fallback: parameter.sourceLocation)
        }
    }

    /// Whether the parameter, read by the shape of one branch of its union schema, is valid: a union is
    /// decoded against each branch (`ids=1,2` as an array beside `enum: [all]`) and accepted when one fits.
    /// The problems reported otherwise are those of the union's own reading.
    private func fitsABranch(_ prepared: PreparedParameter) -> Bool {
        guard let schema = prepared.schema else { return false }
        return prepared.branches.contains { branch in
            guard let decoded = try? value(of: branch), let value = try? branch.typedValue(decoded)
            else { return false }
            return schema.validate(value, context: .request).isEmpty
        }
    }

    /// The parameter's value with its style undone, or `nil` when the request does not carry it.
    private func value(of prepared: PreparedParameter) throws(DecodeFailure) -> DecodedValue? {
        let parameter = prepared.parameter
        let decoder = prepared.decoder
        switch parameter.location {
        case .path:
            return try pathValues[parameter.name].map { raw throws(DecodeFailure) in try single(raw, prepared) }
        case .header:
            return try headers[parameter.name].map { raw throws(DecodeFailure) in try single(raw[...], prepared) }
        case .cookie:
            let values = cookies.values(named: parameter.name)
            if values.isEmpty { return nil }
            return try values.count > 1 ? decoder.decodeRepeated(values) : single(values[0], prepared)
        case .querystring:
            guard let rawQuery, !rawQuery.isEmpty else { return nil }
            if prepared.contentType?.essence == "application/x-www-form-urlencoded" {
                var members: [DecodedValue.Member] = []
                for item in query.items {
                    members.append(.init(key: item.name, value: .string(try decoder.text(item.rawValue))))
                }
                return .object(members)
            }
            return .string(try decoder.text(rawQuery[...]))
        case .query:
            return try queryValue(of: prepared)
        }
    }

    private func single(_ raw: Substring, _ prepared: PreparedParameter) throws(DecodeFailure) -> DecodedValue {
        if prepared.contentType != nil { return .string(try prepared.decoder.text(raw)) }
        return try prepared.decoder.decode(raw)
    }

    private func queryValue(of prepared: PreparedParameter) throws(DecodeFailure) -> DecodedValue? {
        let name = prepared.name
        if prepared.parameter.style == "deepObject" {
            return try DeepObjectDecoder(name: name, decoder: prepared.decoder).decode(query)
        }
        if prepared.isExplodedQueryObject {
            // Its members: the items its properties name, or for an object that names none (Plex's `prefs`,
            // any settings), every item; an item a parameter of that name claims is the parameter's.
            let declared = prepared.shape.properties
            var members: [DecodedValue.Member] = []
            for item in query.items where !namedQueryParameters.contains(item.name) {
                guard declared.isEmpty || declared[item.name] != nil else { continue }
                members.append(.init(key: item.name, value: .string(try prepared.decoder.text(item.rawValue))))
            }
            return members.isEmpty ? nil : .object(members)
        }
        let values = query.values(named: name)
        if values.isEmpty { return nil }
        if prepared.isRepeatedQueryArray { return try prepared.decoder.decodeRepeated(values) }
        if values.count == 1 { return try single(values[0], prepared) }
        // A single-valued parameter sent twice: the schema reports the array it became.
        var items: [DecodedValue] = []
        for raw in values { items.append(try single(raw, prepared)) }
        return .array(items)
    }
}

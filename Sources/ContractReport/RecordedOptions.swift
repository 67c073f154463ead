import ContractJSON
import ContractSchema
import ContractVerify

/// The `VerifierOptions` a fake backend verified an exchange with, as a recording line keeps them
/// (`"options"`): only the options that differ from the defaults, so a line made with the defaults
/// carries none. Reading fills in the defaults for what a line leaves out.
package enum RecordedOptions {
    /// The options that differ from the defaults, as a JSON object; `nil` when none do.
    package static func json(_ options: VerifierOptions) -> JSONValue? {
        let defaults = VerifierOptions()
        var object: JSONObject = [:]
        if !options.baseURLs.isEmpty { object["baseURLs"] = .array(options.baseURLs.map(JSONValue.string)) }
        if options.trailingSlash != defaults.trailingSlash {
            object["trailingSlash"] = .string(name(options.trailingSlash))
        }
        if options.strict != defaults.strict { object["strict"] = .bool(options.strict) }
        if options.checksAccept != defaults.checksAccept { object["checksAccept"] = .bool(options.checksAccept) }
        if options.headUsesGet != defaults.headUsesGet { object["headUsesGet"] = .bool(options.headUsesGet) }
        if options.redactsSecrets != defaults.redactsSecrets {
            object["redactsSecrets"] = .bool(options.redactsSecrets)
        }
        if !options.secretNames.isEmpty {
            object["secretNames"] = .array(options.secretNames.sorted().map(JSONValue.string))
        }
        if options.nullable != defaults.nullable { object["nullable"] = .string(options.nullable.rawValue) }
        return object.isEmpty ? nil : .object(object)
    }

    /// The options a line's `"options"` object names, the defaults for the rest (and for no object).
    package static func options(from value: JSONValue?) -> VerifierOptions {
        var options = VerifierOptions()
        guard let value else { return options }
        if case .array(let urls)? = value["baseURLs"] { options.baseURLs = urls.compactMap(\.stringValue) }
        if value["trailingSlash"]?.stringValue == name(.ignore) { options.trailingSlash = .ignore }
        if let strict = value["strict"]?.boolValue { options.strict = strict }
        if let checksAccept = value["checksAccept"]?.boolValue { options.checksAccept = checksAccept }
        if let headUsesGet = value["headUsesGet"]?.boolValue { options.headUsesGet = headUsesGet }
        if let redactsSecrets = value["redactsSecrets"]?.boolValue { options.redactsSecrets = redactsSecrets }
        if case .array(let names)? = value["secretNames"] { options.secretNames = Set(names.compactMap(\.stringValue)) }
        if let nullable = value["nullable"]?.stringValue.flatMap(NullableReading.init(rawValue:)) {
            options.nullable = nullable
        }
        return options
    }

    /// A text that is equal for equal options: their JSON, without the defaults.
    static func key(_ options: VerifierOptions) -> String {
        json(options).map { JSONWriter.string(from: $0) } ?? ""
    }

    private static func name(_ trailingSlash: VerifierOptions.TrailingSlash) -> String {
        switch trailingSlash {
        case .exact: "exact"
        case .ignore: "ignore"
        }
    }
}

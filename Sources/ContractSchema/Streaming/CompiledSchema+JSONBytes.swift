import ContractJSON

extension CompiledSchema {
    /// Whether `bytes` are one JSON text whose value is valid against the schema. Objects and arrays
    /// whose schemas check them member by member (`properties`, `required`, `items` and counts beside
    /// scalar keywords) are validated as they are read, without building their value; the rest is
    /// parsed and validated as `isValid(_:context:)` does. The verdict is the same as parsing with
    /// `JSONParser` and calling `isValid`: malformed JSON is not valid.
    public func isValid(json bytes: UnsafeBufferPointer<UInt8>, context: ValidationContext = .none) -> Bool {
        if isShownValid(json: bytes, context: context) { return true }
        guard let value = try? JSONParser.parse(bytes) else { return false }
        return isValid(value, context: context)
    }

    /// `true` when reading `bytes` once shows them to be a JSON text valid against the schema; `false`
    /// when they are not, or when showing it needs the parsed value (the caller parses and validates,
    /// which also gives the errors). Cheaper than parsing when the body is valid, which is the usual case.
    public func isShownValid(json bytes: UnsafeBufferPointer<UInt8>, context: ValidationContext = .none) -> Bool {
        // The dynamic scope follows resources through the value; the walk does not track it.
        guard !tracksScope else { return false }
        let state = ValidationState(context: context, tracksScope: false, maximumDepth: options.maximumDepth)
        var validator = StreamingValidator(bytes: bytes, state: state)
        return validator.validateDocument(root)
    }
}

extension CompiledSchema {
    /// Every error of the value `bytes` hold, as `validate(_:context:)` gives for the parsed value; empty
    /// when it is valid, which is shown while reading without parsing where the schema allows.
    /// - Throws: `JSONParseError` when the bytes are not one JSON text.
    public func validate(json bytes: UnsafeBufferPointer<UInt8>, context: ValidationContext = .none)
        throws(JSONParseError) -> [SchemaValidationError]
    {
        if isShownValid(json: bytes, context: context) { return [] }
        return validate(try JSONParser.parse(bytes), context: context)
    }
}

import ContractJSON

extension CompiledSchema {
    /// Whether the JSON text `bytes` is a valid instance, stopping at the first failure.
    ///
    /// The same verdict as parsing the bytes and calling `isValid(_:context:)`, usually sooner:
    /// the instance is validated as it is read (see `StreamingValidator`), so a valid instance is
    /// not built in full and an invalid one is read only to its first failure (and then checked
    /// to be well-formed JSON to its end, without building anything).
    /// - Throws: `JSONParseError` when the bytes are not one JSON value, as `JSONParser.parse` would.
    public func isValid(json bytes: some Collection<UInt8>, context: ValidationContext = .none) throws(JSONParseError)
        -> Bool
    {
        // The dynamic scope follows the tree's own walk; such schemas are validated on the tree.
        if !tracksScope, let verdict = streamedVerdict(bytes, context, readsToEnd: true) { return verdict }
        // Not JSON (or a schema streaming cannot serve): the parser's own report of the first problem.
        return isValid(try JSONParser.parse(bytes), context: context)
    }

    /// `isValid(json:context:)` for an array of bytes, read without a generic call into ContractJSON (as
    /// `validate(json:context:)` for an array).
    public func isValid(json bytes: [UInt8], context: ValidationContext = .none) throws(JSONParseError) -> Bool {
        if !tracksScope, let verdict = streamedVerdict(bytes, context, readsToEnd: true) { return verdict }
        return isValid(try JSONParser.parse(bytes), context: context)
    }

    /// Every error of the JSON text `bytes`, in schema order; empty when it is valid.
    ///
    /// A valid instance is validated as it is read, as `isValid(json:context:)` does, and never
    /// built; an invalid one is parsed at its first failure and its errors collected from the tree,
    /// exactly as `validate(_:context:)` reports them.
    /// - Throws: `JSONParseError` when the bytes are not one JSON value, as `JSONParser.parse` would.
    public func validate(json bytes: some Collection<UInt8>, context: ValidationContext = .none)
        throws(JSONParseError) -> [SchemaValidationError]
    {
        try errors(bytes, streamed: tracksScope ? nil : streamedVerdict(bytes, context, readsToEnd: false), context)
    }

    /// `validate(json:context:)` for an array of bytes (a request or response body as the verifier holds
    /// it). Called from another module, the generic form runs unspecialized: its access to the bytes went
    /// through the collection's witness table.
    public func validate(json bytes: [UInt8], context: ValidationContext = .none) throws(JSONParseError)
        -> [SchemaValidationError]
    {
        try errors(bytes, streamed: tracksScope ? nil : streamedVerdict(bytes, context, readsToEnd: false), context)
    }

    /// The errors of `bytes` given the streaming validator's verdict on them (`nil`: none, the bytes are
    /// not JSON or the schema is validated on the tree). An invalid instance's errors are collected without
    /// deciding it again: the streamed verdict is the tree's.
    private func errors(_ bytes: some Collection<UInt8>, streamed: Bool?, _ context: ValidationContext)
        throws(JSONParseError) -> [SchemaValidationError]
    {
        switch streamed {
        case true: []
        case false: errors(ofInvalid: try JSONParser.parse(bytes), context: context)
        case nil: validate(try JSONParser.parse(bytes), context: context)
        }
    }

    /// The streaming validator's verdict; `nil` when the bytes are not JSON. Unless `readsToEnd`,
    /// `false` may come before the rest of the document was read.
    private func streamedVerdict(_ bytes: some Collection<UInt8>, _ context: ValidationContext, readsToEnd: Bool)
        -> Bool?
    {
        try? JSONParser.read(bytes) { reader throws(JSONParseError) in
            try streamedVerdict(&reader, context, readsToEnd: readsToEnd)
        }.get()
    }

    /// `streamedVerdict` for an array of bytes, read without a generic call into ContractJSON.
    private func streamedVerdict(_ bytes: [UInt8], _ context: ValidationContext, readsToEnd: Bool) -> Bool? {
        try? JSONParser.read(bytes) { reader throws(JSONParseError) in
            try streamedVerdict(&reader, context, readsToEnd: readsToEnd)
        }.get()
    }

    private func streamedVerdict(_ reader: inout JSONByteReader, _ context: ValidationContext, readsToEnd: Bool)
        throws(JSONParseError) -> Bool
    {
        var validator = StreamingValidator(
            root: root,
            state: ValidationState(context: context, tracksScope: false, maximumDepth: options.maximumDepth),
            readsToEnd: readsToEnd)
        try reader.startDocument()
        let valid = try validator.validateDocument(&reader)
        if valid || readsToEnd { try reader.finishDocument() }
        return valid
    }
}

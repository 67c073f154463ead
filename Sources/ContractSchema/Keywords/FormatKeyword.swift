import ContractJSON

// Memory safety: `bytesCheck` is called with an in-place string's bytes, valid while the document is read; it
// does not keep them.

/// `format`, asserted: strings checked by a format's validator, numbers by the OpenAPI numeric formats.
final class FormatCheck: LeafKeywordCheck {
    let name: String
    let format: FormatValidator
    /// The format's check on UTF-8 bytes, when it has one (for strings validated in place).
    private let bytesCheck: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?

    init(site: KeywordSite, name: String, format: FormatValidator) {
        self.name = name
        self.format = format
        bytesCheck = Formats.bytesValidator(named: name)
        super.init(site: site)
    }

    override var streamingRole: StreamingRole { .scalarOnly }

    override func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        switch (instance, format) {
        case (.string(let string), .string(let check)): return check(string)
        case (.number(let number), .number(let check)): return check(number)
        default: return true
        }
    }

    override var decidesStrings: Bool { true }

    override func isValid(string: inout StringInstance) -> Bool {
        if let bytesCheck { return bytesCheck(string.utf8) }
        guard case .string(let check) = format else { return true }
        return check(string.value())
    }

    override var decidesNumbers: Bool { true }

    override func isValid(number: inout NumberInstance) -> Bool {
        guard case .number(let check) = format else { return true }
        return check(number.value())
    }

    override func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        (name, ValueDescription.describe(instance))
    }
}

extension SchemaCompiler {
    func compileFormat(_ context: KeywordContext, into checks: inout [KeywordCheck]) {
        guard let name = context[.format]?.stringValue, options.asserts(format: name),
            let format = Formats.validator(named: name)
        else { return }
        checks.append(FormatCheck(site: site(.format, context), name: name, format: format))
    }
}

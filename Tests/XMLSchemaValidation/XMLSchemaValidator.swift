// Foundation is left out on purpose: libxml2's headers bring the system ICU's, which clash with the copy
// Foundation bundles in any module that sees both; and the import is internal, so test targets do not.
internal import CLibXML2

/// Validates XML files against an XML Schema (XSD) with the system libxml2, in this process.
public enum XMLSchemaValidator {
    /// The problems libxml2 reports for `document` under the schema at `xsd`, one line each
    /// (`file:line: message`); empty when the document is valid. A schema that does not load is a problem too.
    public static func problems(in document: String, against xsd: String) -> [String] {
        _ = libraryReady
        var problems: [Problem] = []
        // The callbacks write through this pointer only during the libxml2 calls below, all made inside
        // this closure, while `problems` is alive and not otherwise accessed.
        withUnsafeMutablePointer(to: &problems) { collected in
            let context = UnsafeMutableRawPointer(collected)
            guard let parser = xmlSchemaNewParserCtxt(xsd) else {
                collected.pointee.append(Problem(file: xsd, message: "libxml2 could not start a schema parser"))
                return
            }
            defer { xmlSchemaFreeParserCtxt(parser) }
            xmlSchemaSetParserStructuredErrors(parser, collect, context)
            guard let schema = xmlSchemaParse(parser) else {
                collected.pointee.append(Problem(file: xsd, message: "the schema does not load"))
                return
            }
            defer { xmlSchemaFree(schema) }
            guard let validation = xmlSchemaNewValidCtxt(schema) else {
                collected.pointee.append(Problem(file: xsd, message: "libxml2 could not start a validation"))
                return
            }
            defer { xmlSchemaFreeValidCtxt(validation) }
            xmlSchemaSetValidStructuredErrors(validation, collect, context)
            let status = xmlSchemaValidateFile(validation, document, 0)
            if status != 0, collected.pointee.isEmpty {
                collected.pointee.append(Problem(file: document, message: "libxml2 validation ended with status \(status)"))
            }
        }
        // libxml2 names the file of a schema's problems, not always the document's.
        return problems.map { "\($0.file ?? document):\($0.line): \($0.message)" }
    }

    /// One problem libxml2 reported.
    private struct Problem {
        var file: String?
        var line = 0
        var message: String
    }

    /// libxml2 sets up its global state once, before any thread uses it.
    private static let libraryReady: Void = xmlInitParser()

    /// Appends libxml2's error to the `[Problem]` its user data points to (see `problems(in:against:)`).
    private static let collect: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        let problem = Problem(
            file: error.pointee.file.map { String(cString: $0) }, line: Int(error.pointee.line),
            message: message.split(separator: "\n").joined(separator: " "))
        userData.assumingMemoryBound(to: [Problem].self).pointee.append(problem)
    }
}

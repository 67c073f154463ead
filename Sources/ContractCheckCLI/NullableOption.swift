import ArgumentParser
import ContractSchema

/// `--nullable lenient|strict`, read by name.
extension NullableReading: ExpressibleByArgument {}

/// The help of every command's `--nullable` option, in one place.
enum NullableHelp {
    static let text: ArgumentHelp = """
        How OpenAPI 3.0 'nullable: true' (2.0 'x-nullable') is read: lenient (null is allowed wherever a schema \
        says nullable: true, beside allOf, anyOf, $ref or an enum too; the default) or strict (OAS 3.0.3 \
        literally: only beside 'type', and not past an enum without null).
        """
}

/// A set of Unicode scalars as ECMA-262 character classes and class escapes describe them.
package struct RegexCharacterClass: Sendable, Hashable {
    package enum Item: Sendable, Hashable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
        case category(Set<Unicode.GeneralCategory>, negated: Bool)
        case any
    }

    package var items: [Item]
    package var negated: Bool

    package init(items: [Item], negated: Bool) {
        self.items = items
        self.negated = negated
    }

    package func matches(_ scalar: UInt32) -> Bool {
        var found = false
        for item in items where Self.matches(item, scalar) {
            found = true
            break
        }
        return found != negated
    }

    package static func matches(_ item: Item, _ value: UInt32) -> Bool {
        switch item {
        case .range(let low, let high): return value >= low && value <= high
        case .digit(let negated): return isDigit(value) != negated
        case .word(let negated): return isWord(value) != negated
        case .space(let negated): return isSpace(value) != negated
        case .any: return true
        case .category(let categories, let negated):
            guard let scalar = Unicode.Scalar(value) else { return negated }
            return categories.contains(scalar.properties.generalCategory) != negated
        }
    }

    /// ECMA `\d`: ASCII digits only.
    static func isDigit(_ value: UInt32) -> Bool { value >= 0x30 && value <= 0x39 }

    /// ECMA `\w`: ASCII letters, digits and `_` only.
    static func isWord(_ value: UInt32) -> Bool {
        (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || isDigit(value) || value == 0x5F
    }

    /// ECMA `\s`: WhiteSpace and LineTerminator code points.
    static func isSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// ECMA line terminators, which `.` does not match.
    static func isLineTerminator(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    /// The general categories a `\p{…}` name stands for, or `nil` for names not supported.
    static func categories(named name: String) -> Set<Unicode.GeneralCategory>? {
        let name = name.hasPrefix("General_Category=") ? String(name.dropFirst(17)) : name
        let name2 = name.hasPrefix("gc=") ? String(name.dropFirst(3)) : name
        switch name2 {
        case "L", "Letter":
            return [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        case "Lu", "Uppercase_Letter": return [.uppercaseLetter]
        case "Ll", "Lowercase_Letter": return [.lowercaseLetter]
        case "Lt", "Titlecase_Letter": return [.titlecaseLetter]
        case "Lm", "Modifier_Letter": return [.modifierLetter]
        case "Lo", "Other_Letter": return [.otherLetter]
        case "M", "Mark": return [.nonspacingMark, .spacingMark, .enclosingMark]
        case "Mn", "Nonspacing_Mark": return [.nonspacingMark]
        case "N", "Number": return [.decimalNumber, .letterNumber, .otherNumber]
        case "Nd", "Decimal_Number", "digit": return [.decimalNumber]
        case "Nl", "Letter_Number": return [.letterNumber]
        case "No", "Other_Number": return [.otherNumber]
        case "P", "Punctuation", "punct":
            return [
                .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation,
            ]
        case "S", "Symbol": return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        case "Sm", "Math_Symbol": return [.mathSymbol]
        case "Sc", "Currency_Symbol": return [.currencySymbol]
        case "Z", "Separator": return [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        case "Zs", "Space_Separator": return [.spaceSeparator]
        case "C", "Other": return [.control, .format, .surrogate, .privateUse, .unassigned]
        case "Cc", "Control", "cntrl": return [.control]
        case "Cf", "Format": return [.format]
        case "Co", "Private_Use": return [.privateUse]
        case "Cn", "Unassigned": return [.unassigned]
        default: return nil
        }
    }
}

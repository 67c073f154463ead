import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The protocol class of one backend: everything is inherited, only the slot differs.
final class SlottedURLProtocol<Digits: SlotDigits>: ContractURLProtocol {
    override class var backendSlot: Int? { Digits.slot }
}

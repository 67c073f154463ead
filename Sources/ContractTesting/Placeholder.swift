// Test integration: see ContractTrait.swift
